/**
 * The offline model's answer on a screen of the corpus (corpus/screens/<name>.xml), written short for
 * a rule's tests: "tap <locator>", "assert <locator>", "type "<text>" into <locator>", else the action's
 * type ("fail", "done"). The platform is the screen's, by its name ("ios-…").
 */
import { readFileSync } from 'node:fs';
import type { Platform } from '../hierarchy.js';
import { decideOffline } from '../offline-model.js';

export const corpusXml = (name: string) => readFileSync(new URL(`../corpus/screens/${name}.xml`, import.meta.url), 'utf8');

export function decideOn(instruction: string, screen: string): string {
  const platform: Platform = screen.startsWith('ios-') ? 'ios' : 'android';
  const { action } = decideOffline({ instruction, platform, hierarchyXml: corpusXml(screen) });
  if (action.type === 'type') return `type "${action.text}" into ${action.target?.value}`;
  if ((action.type === 'tap' || action.type === 'assert') && action.target) return `${action.type} ${action.target.value}`;
  return action.type;
}
