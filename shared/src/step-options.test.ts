import { describe, expect, it } from 'vitest';
import { isWaitCommand, splitStepOptions } from './step-options.js';

describe('splitStepOptions', () => {
  it('takes a trailing (timeout: …) off any command, in seconds or milliseconds', () => {
    expect(splitStepOptions('assertVisible: "Welcome" (timeout: 10 s)')).toEqual({
      ok: true,
      command: 'assertVisible: "Welcome"',
      waitSeconds: 10,
    });
    expect(splitStepOptions('Tap Continue (Timeout 2500ms)')).toEqual({ ok: true, command: 'Tap Continue', waitSeconds: 2.5 });
    expect(splitStepOptions('Check that the cart is empty (timeout=1.5)')).toEqual({
      ok: true,
      command: 'Check that the cart is empty',
      waitSeconds: 1.5,
    });
  });

  it('leaves other notes and commands alone', () => {
    expect(splitStepOptions('tapOn: "OK" (the one in the dialog)')).toEqual({
      ok: true,
      command: 'tapOn: "OK" (the one in the dialog)',
      waitSeconds: null,
    });
    expect(splitStepOptions('Check that "timeout: 5 s" is shown')).toEqual({
      ok: true,
      command: 'Check that "timeout: 5 s" is shown',
      waitSeconds: null,
    });
  });

  it('refuses a wait of nothing, of more than 300 s, or without a command', () => {
    expect(splitStepOptions('Tap OK (timeout: 0 s)')).toMatchObject({ ok: false, error: expect.stringMatching(/between 0 and 300/) });
    expect(splitStepOptions('Tap OK (timeout: 301)')).toMatchObject({ ok: false });
    expect(splitStepOptions('(timeout: 3 s)')).toMatchObject({ ok: false, error: expect.stringMatching(/follows a command/) });
  });
});

describe('isWaitCommand', () => {
  it('is the wait: keyword as the command grammar reads it, never an instruction that starts with "wait"', () => {
    for (const c of ['wait: 2', 'Wait: 0.5', 'WAIT : 1 (for the animation)', '  wait:3', 'wait(2)', 'wait'])
      expect(isWaitCommand(c), c).toBe(true);
    for (const c of ['Wait for the spinner to go', 'waiting: 2', 'wait.x: 2', 'Tap wait: 2', 'Await the result'])
      expect(isWaitCommand(c), c).toBe(false);
  });
});
