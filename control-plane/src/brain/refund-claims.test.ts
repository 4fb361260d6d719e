/**
 * Money said to come back (refund-claims.ts): the first amount of a sentence or clause that goes back, never another
 * amount of it, never one that cannot be refunded; while a dialog is up, only its text.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';

const dialog = (message: string) =>
  androidScreen(title('My lessons'), text('Piano lesson · £30.00 · back Tue', 400, 'lesson_row'), {
    cls: 'android.widget.FrameLayout',
    b: [60, 700, 1020, 1500],
    id: 'parentPanel',
    kids: [
      { cls: 'android.widget.TextView', b: [100, 740, 980, 820], text: 'Cancel the lesson?', id: 'alertTitle' },
      { cls: 'android.widget.TextView', b: [100, 840, 980, 1100], text: message, id: 'message' },
    ],
  });
const decide = (instruction: string, screen: string) => {
  const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
  return action.type === 'assert' ? `assert ${action.target?.value}` : action.type;
};

describe('money said to come back', () => {
  const partial = dialog('The lesson is tomorrow, so half is kept. £15.00 of the £30.00 you paid will go back to your card ending 1234.');
  const permit = dialog("The £5.00 booking fee can't be refunded, so £25.00 will go back to your card.");
  it('passes the amount that goes back, however the tester says it', () => {
    expect(decide("Make sure I'll get £15 back", partial)).toBe('assert app:id/message');
    expect(decide('Check I will be refunded £15.00', partial)).toBe('assert app:id/message');
    expect(decide('Check we get £25 back', permit)).toBe('assert app:id/message');
    expect(decide('Check the £25 will be refunded', permit)).toBe('assert app:id/message');
  });
  it('never the amount paid, one that cannot be refunded, or a text behind the dialog', () => {
    expect(decide("Make sure I'll get £30 back", partial)).toBe('fail');
    expect(decide('Check we get £5 back', permit)).toBe('fail');
    expect(decide('Check the £5 fee will be refunded', permit)).toBe('fail');
    expect(decide("Make sure I'll get £20 back", partial)).toBe('fail');
  });
  it('passes where and when it goes only when the part says it all', () => {
    expect(decide('Check the £15 will go back to the card ending 1234', partial)).toBe('assert app:id/message');
    expect(decide('Check the money goes back to the card ending 1234', partial)).toBe('assert app:id/message');
    expect(decide('Check the £15 will go back to the card ending 9999', partial)).toBe('fail');
    expect(decide('Check the money goes back to a Mastercard', partial)).toBe('fail');
    expect(decide('Check the deposit goes back to the card ending 1234', partial)).toBe('fail');
  });
  it('passes half of an amount only when the half goes back and the whole is said beside it', () => {
    expect(decide('Check half of the £30 comes back to me', partial)).toBe('assert app:id/message');
    expect(decide("Verify I'd get half of the £30 back", partial)).toBe('assert app:id/message');
    expect(decide('Check half of the £50 comes back to me', partial)).toBe('fail');
    expect(decide('Check we get half of the £50 back', permit)).toBe('fail');
  });
});
