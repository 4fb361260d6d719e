import { createOfflineModel, type AutomationModel } from '../brain/index.js';
import { createOpenAiModel } from '../brain/openai-model.js';
import type { Config } from '../config.js';

/** The model chosen by configuration: an OpenAI-compatible endpoint when AI_BASE_URL is set, else the offline model. */
export function modelFromConfig(config: Config): AutomationModel {
  if (!config.ai) return createOfflineModel();
  return createOpenAiModel({ baseUrl: config.ai.baseUrl, apiKey: config.ai.apiKey, model: config.ai.model, timeoutMs: config.ai.timeoutMs });
}
