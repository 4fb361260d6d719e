/**
 * Controls named as testers name them (intent-resolver.ts): a provider's button by the action and
 * the provider ("Sign in with Apple" for "Continue with Apple", "Pay with Apple Pay" for "Buy with
 * Apple Pay"), and "Save X for later" for "Save X". Traps: another provider, another action, two
 * buttons, a disabled one, "later" anywhere else.
 */
import { describe, expect, it } from 'vitest';
import { decideOffline } from './offline-model.js';
import { androidXml, type Spec } from './testing/android-screen.js';

const at = (x1: number, y1: number, x2: number, y2: number) => `[${x1},${y1}][${x2},${y2}]`;
const button = (t: string, y: number, id: string, enabled = true): Spec => [
  'android.widget.Button',
  { text: t, 'resource-id': `app:id/${id}`, clickable: 'true', enabled: String(enabled), bounds: at(48, y, 1032, y + 120) },
];
const title: Spec = ['android.widget.TextView', { text: 'Welcome back', 'resource-id': 'app:id/title', bounds: at(48, 100, 1032, 180) }];
const decide = (instruction: string, ...nodes: Spec[]) => {
  const a = decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(title, ...nodes) }).action;
  return `${a.type}${'target' in a && a.target ? ` ${a.target.value}` : ''}`;
};

describe('a provider button', () => {
  const providers = [
    button('Continue with Apple', 1000, 'apple'),
    button('Continue with Google', 1200, 'google'),
    button('Share with Apple', 1400, 'share'),
  ];
  it('is named by the action and the provider', () => {
    expect(decide('Sign in with Apple', ...providers)).toBe('tap app:id/apple');
    expect(decide('Log in with Google', ...providers)).toBe('tap app:id/google');
    expect(decide('Pay with Apple Pay', button('Buy with Apple Pay', 1000, 'pay'))).toBe('tap app:id/pay');
  });
  it('never by another provider, another action, two buttons or a disabled one', () => {
    expect(decide('Sign in with Facebook', ...providers)).toBe('fail');
    expect(decide('Pay with Google Pay', button('Buy with Apple Pay', 1000, 'pay'))).toBe('fail');
    expect(decide('Pay with Apple Pay', button('Sign in with Apple Pay', 1000, 'pay'))).toBe('fail');
    expect(decide('Sign in with Apple', button('Log in with Apple', 1000, 'a'), button('Continue with Apple', 1200, 'b'))).toBe('fail');
    expect(decide('Sign in with Apple', button('Continue with Apple', 1000, 'apple', false))).toBe('fail');
  });
});

describe('"Save X for later"', () => {
  it('is "Save X"; "later" elsewhere still counts', () => {
    expect(decide('Save this quote for later', button('Save quote', 1000, 'save'))).toBe('tap app:id/save');
    expect(decide('Remind me later', button('Remind me', 1000, 'remind'))).toBe('fail');
  });
});
