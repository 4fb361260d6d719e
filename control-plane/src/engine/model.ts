import { type AutomationModel, createOfflineModel } from '../brain/index.js';
import { createOpenAiModel } from '../brain/openai-model.js';
import type { Config } from '../config.js';

/** The model chosen by configuration: an OpenAI-compatible endpoint when AI_BASE_URL is set, else the offline model. */
export function modelFromConfig(config: Config): AutomationModel {
  if (!config.ai) return createOfflineModel();
  const { baseUrl, apiKey, model, timeoutMs, images, responseFormat } = config.ai;
  return createOpenAiModel({ baseUrl, apiKey, model, timeoutMs, images, responseFormat });
}
