/**
 * Claims "X is Y" as testers write them, read through the whole offline model: a label the
 * screen gives only as an id ("the plan is Premium" over plan_name "Premium · Monthly"), the
 * screen's title as the label ("the event is in Room 4B" on the "Event" screen), and an item
 * named with the heading it sits under ("the XL size is disabled" under "Size"). Each with the
 * traps a false pass would fall into: another value, a negation, another item's state.
 */
import { describe, expect, it } from 'vitest';
import { decideOffline } from './offline-model.js';
import { androidXml, type Spec } from './testing/android-screen.js';

const text = (t: string, id: string, y: number, extra: Record<string, string> = {}): Spec => [
  'android.widget.TextView',
  { text: t, 'resource-id': `com.example:id/${id}`, bounds: `[0,${y}][1080,${y + 60}]`, ...extra },
];
const button = (t: string, id: string, y: number, extra: Record<string, string> = {}): Spec => [
  'android.widget.Button',
  { text: t, 'resource-id': `com.example:id/${id}`, clickable: 'true', bounds: `[0,${y}][1080,${y + 60}]`, ...extra },
];
const toolbar = (title: string): Spec => [
  'android.view.ViewGroup',
  { 'resource-id': 'com.example:id/toolbar', bounds: '[0,0][1080,160]' },
  [text(title, 'toolbar_title', 40)],
];

const verdict = (instruction: string, xml: string) => {
  const d = decideOffline({ instruction, platform: 'android', hierarchyXml: xml });
  return d.action.type === 'assert' && d.action.visible ? 'pass' : d.action.type;
};

describe('copula claims', () => {
  const subscription = androidXml(
    toolbar('Subscription'),
    text('Premium · Monthly', 'plan_name', 300),
    text('€9.99 per month', 'price', 400),
    button('Change plan', 'change_plan', 600),
  );
  it('reads a label the screen gives only as the id of the value, never another value', () => {
    expect(verdict('Check that the plan is Premium', subscription)).toBe('pass');
    expect(verdict('Verify the plan is Monthly', subscription)).toBe('pass');
    expect(verdict('Check that the plan is Basic', subscription)).toBe('fail');
    expect(verdict('Check that the plan is Prem', subscription)).toBe('fail');
    expect(verdict('Check that the plan is not Premium', subscription)).toBe('fail');
    expect(verdict('Check that the price is €8.99 per month', subscription)).toBe('fail');
    // A word of the label the id lacks names nothing.
    expect(verdict('Check that the trial plan is Premium', subscription)).toBe('fail');
  });

  const event = androidXml(
    toolbar('Event'),
    text('Design review', 'event_name', 300),
    text('Tuesday, 12 March · 14:00–15:00', 'event_time', 400),
    text('Room 4B', 'event_room', 500),
    text('Organiser', 'organiser_label', 700),
    text('Ann Lee', 'organiser', 780),
  );
  it("takes the screen's title for the label, with a place word before the value", () => {
    expect(verdict('Check that the event is in Room 4B', event)).toBe('pass');
    expect(verdict('Check that the event is in Room 5B', event)).toBe('fail');
    expect(verdict('Check that the event is not in Room 4B', event)).toBe('fail');
    // Only the title's value may be anywhere: another label's is beside it.
    expect(verdict('Check that the organiser is Ann Lee', event)).toBe('pass');
    expect(verdict('Check that the organiser is Room 4B', event)).toBe('fail');
    expect(verdict('Then the event starts at 14:00', event)).toBe('pass');
    expect(verdict('And the event starts at 15:00', event)).toBe('fail');
  });

  const sizes = androidXml(
    text('Size', 'size_label', 300),
    button('M', 'size_m', 400),
    button('XL', 'size_xl', 500, { enabled: 'false' }),
    button('Add to bag', 'add', 700),
  );
  it('names an item by its name and the heading it sits under, never another item or heading', () => {
    expect(verdict('Check that the XL size is disabled', sizes)).toBe('pass');
    expect(verdict('Check that the M size is enabled', sizes)).toBe('pass');
    expect(verdict('Check that the M size is disabled', sizes)).toBe('fail');
    expect(verdict('Check that the XL size is enabled', sizes)).toBe('fail');
    expect(verdict('Check that the XXL size is disabled', sizes)).toBe('fail');
    expect(verdict('Check that the XL colour is disabled', sizes)).toBe('fail');
  });
});
