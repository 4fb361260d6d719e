/**
 * Performing the brain's actions on a device. Their shapes are the shared `Action`
 * (shared/src/actions.ts), validated when a decision arrives; `parseAction` still
 * refuses anything else with a clear message for callers outside the protocol path.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Action } from '@devicelab/shared';
import type { DeviceDriver, LaunchParam } from './devices/driver.js';

export { Action };

/** A `fail` action: the brain decided the step cannot be done; the step fails with its reason. */
export class ActionFailed extends Error {}

export interface PerformContext {
  driver: DeviceDriver;
  packageName: string;
  launchParams: readonly LaunchParam[];
  signal?: AbortSignal;
}

export function parseAction(raw: Record<string, unknown>): Action {
  const parsed = Action.safeParse(raw);
  if (parsed.success) return parsed.data;
  const type = typeof raw['type'] === 'string' ? raw['type'] : '(no type)';
  const issue = parsed.error.issues[0];
  throw new ActionFailed(
    `Unsupported action ${JSON.stringify(type)}${issue ? `: ${issue.path.join('.') || 'type'}: ${issue.message}` : ''}`,
  );
}

export async function performAction(action: Action, ctx: PerformContext): Promise<void> {
  const { driver } = ctx;
  switch (action.type) {
    case 'tap':
      return driver.tap(action.point.x, action.point.y);
    case 'type':
      // Focus the field first: typing goes wherever focus is, which is rarely the target.
      if (action.point) await driver.tap(action.point.x, action.point.y);
      return driver.type(action.text);
    case 'scroll':
      // Scrolling down moves the content up: the finger swipes up.
      return driver.swipe({ direction: action.direction === 'down' ? 'up' : 'down' });
    case 'swipe':
      if (action.from && action.to) return driver.swipe({ from: action.from, to: action.to });
      if (!action.direction) throw new ActionFailed('A swipe needs a direction or from/to points');
      return driver.swipe({ direction: action.direction });
    case 'back':
      return driver.key('back');
    case 'key':
      return driver.key(action.key);
    case 'wait': {
      // Never shorter than asked on the wall clock: a timer can fire a millisecond early against
      // Date.now (the event loop's clock is cached), and a step's duration is read off Date.now.
      const end = Date.now() + action.seconds * 1000;
      for (let left = end - Date.now(); left > 0; left = end - Date.now())
        await sleep(left, undefined, ctx.signal ? { signal: ctx.signal } : undefined);
      return;
    }
    case 'launch':
      return driver.launch(ctx.packageName, ctx.launchParams);
    case 'restart':
      await driver.stop(ctx.packageName);
      return driver.launch(ctx.packageName, ctx.launchParams);
    case 'openLink':
      return driver.openLink(action.url);
    case 'assert':
    case 'done':
      return; // the brain checked the screen it was given; nothing to do on the device
    case 'fail':
      throw new ActionFailed(action.reason || 'The step could not be performed');
  }
}
