/**
 * A dialog answered by what it asks (prompt-answers.ts `confirmAction`, `declineAction`): "Confirm
 * removing Tom", "Confirm the uninstall" (its yes, when no button names the action), "Don't sign
 * out", "Don't save the replay" (a ticked box in the dialog), "Back out of the dialog with Cancel".
 * Traps: another person or thing than the dialog's, another action, no dialog up.
 */
import { describe, expect, it } from 'vitest';
import { androidScreen, text, title } from './android-test-screens.js';
import { decideOffline } from './offline-model.js';
import { decideOn } from './testing/corpus-decisions.js';

const decide = decideOn;

describe('confirming what the dialog asks', () => {
  it('by the action as an -ing form and whom it is done to, only when the dialog says whom', () => {
    expect(decide('Confirm removing Tom', 'ios-remove-family-member-alert')).toBe('tap Remove');
    expect(decide('Confirm blocking her', 'ios-block-contact-alert')).toBe('tap Block Contact');
    expect(decide('Confirm unsubscribing', 'ios-unsubscribe-newsletter-alert')).toBe('tap Unsubscribe');
    expect(decide('Confirm removing Anna', 'ios-remove-family-member-alert')).toBe('fail');
    expect(decide('Confirm archiving Tom', 'ios-remove-family-member-alert')).toBe('fail');
  });

  it("by the action's noun: the button doing it, else the yes of a dialog asking it", () => {
    expect(decide('confirm the reset', 'android-reset-network-dialog')).toBe('tap android:id/button1');
    expect(decide('Confirm the uninstall', 'android-uninstall-app-dialog')).toBe('tap android:id/button1');
    expect(decide('Confirm the download', 'android-uninstall-app-dialog')).toBe('fail');
    expect(decide('Confirm the deletion', 'android-reset-network-dialog')).toBe('fail');
  });
});

describe('declining what the dialog asks', () => {
  it('taps its Cancel, else the other of its two buttons, when it asks that of that thing', () => {
    expect(decide("Don't sign out", 'android-sign-out-devices-dialog')).toBe('tap android:id/button2');
    expect(decide("Don't archive Website Relaunch", 'ios-archive-project-alert')).toBe('tap Cancel');
    expect(decide("Don't resign", 'ios-resign-chess-game-alert')).toBe('tap Keep Playing');
    expect(decide("Don't archive Marketing Site", 'ios-archive-project-alert')).toBe('fail');
    expect(decide("Don't delete the project", 'ios-archive-project-alert')).toBe('fail');
    // The verb with its particle: "sign in" is not "Sign out".
    expect(decide("Don't sign in", 'android-sign-out-devices-dialog')).toBe('fail');
    // A Sign out button but no dialog asking: nothing to decline.
    expect(decide("Don't sign out", 'android-profile')).toBe('fail');
  });

  it('"close the alert without withdrawing": its answer that does not, when it has no Cancel', () => {
    expect(decide('Close the alert without withdrawing', 'ios-withdraw-offer-alert')).toBe('tap Keep Offer');
    expect(decide('Close the alert without archiving', 'ios-withdraw-offer-alert')).toBe('fail');
  });

  it('unticks a ticked box of the dialog that does it', () => {
    expect(decide("Don't save the replay", 'android-end-live-stream-dialog')).toBe('tap com.streamly.app:id/save_replay_checkbox');
  });

  it('"back out of the dialog with Cancel" taps its Cancel', () => {
    expect(decide('Back out of the dialog with Cancel', 'android-reset-network-dialog')).toBe('tap android:id/button2');
  });
});

describe('a dialog answered by doing what it asks (session 16)', () => {
  it('"Yes, leave Crime Time", "Go ahead and remove the loft alarm": the button of the dialog that does it', () => {
    // The row behind the dialog has its own Leave; the dialog's is the one that can be reached.
    expect(decide('Yes, leave Crime Time', 'android-leave-book-club-dialog')).toBe('tap android:id/button1');
    expect(decide('Go ahead and remove the loft alarm', 'ios-remove-smoke-alarm-alert')).toBe('tap Remove');
    expect(decide('Yes, remove Tom', 'ios-remove-family-member-alert')).toBe('tap Remove');
    // No button says the verb: the dialog's yes, as it asks it ("Do you want to uninstall this app?").
    expect(decide('Go ahead, uninstall it', 'android-uninstall-app-dialog')).toBe('tap android:id/button1');
  });

  it('does nothing for another thing than the dialog names, or a verb no button does and it does not ask', () => {
    expect(decide('Yes, leave Thursday Readers', 'android-leave-book-club-dialog')).toBe('fail');
    expect(decide('Remove the kitchen alarm', 'ios-remove-smoke-alarm-alert')).toBe('fail');
    expect(decide('Go ahead and test the loft alarm', 'ios-remove-smoke-alarm-alert')).toBe('fail');
    expect(decide('OK, remove Anna', 'ios-remove-family-member-alert')).toBe('fail');
    expect(decide('Yes, download the app', 'android-uninstall-app-dialog')).toBe('fail');
  });
});

describe('"Yes, go ahead and cancel", "Yes delete it, I\'ve sold the PCX" (session 16)', () => {
  it('does what is said through the dialog: a bare verb after "yes" or "go ahead" is not a dismissal', () => {
    expect(decide('Yes, go ahead and cancel', 'ios-cancel-choir-tickets-alert')).toBe('tap Cancel Tickets');
    expect(decide("Yes delete it, I've sold the PCX", 'android-delete-moped-mot-dialog')).toBe('tap android:id/button1');
    expect(decide('Actually we still want to go, dismiss without cancelling', 'android-cancel-lighthouse-tour-dialog')).toBe(
      'tap uk.coastaltours.app:id/button2',
    );
  });

  it('does nothing for a verb the dialog neither does nor asks', () => {
    expect(decide("Yes archive it, I've sold the PCX", 'android-delete-moped-mot-dialog')).toBe('fail');
    expect(decide('dismiss without archiving', 'android-cancel-lighthouse-tour-dialog')).toBe('fail');
  });
});

describe('an answer, a change of mind or what not to do, before the action (session 19)', () => {
  it('"No, keep it", "Changed my mind, I\'ll keep my place", "Don\'t cancel, keep it" keep', () => {
    expect(decide('No, keep it', 'ios-cancel-balloon-flight-alert')).toBe('tap Keep my flight');
    expect(decide("No, don't cancel, keep it", 'ios-cancel-balloon-flight-alert')).toBe('tap Keep my flight');
    expect(decide("Changed my mind, I'll keep my place", 'android-withdraw-race-entry-dialog')).toBe('tap android:id/button2');
  });
  it('"Don\'t cancel, rebook it" does the action after the comma, not the answer that keeps', () => {
    expect(decide("Don't cancel, rebook it", 'ios-cancel-balloon-flight-alert')).toBe('tap Rebook for free');
  });
  it('"Don\'t cancel" on a dialog of three answers is its one that keeps; never a dialog asking something else', () => {
    expect(decide("Don't cancel", 'ios-cancel-balloon-flight-alert')).toBe('tap Keep my flight');
    expect(decide("Don't cancel", 'android-withdraw-race-entry-dialog')).toBe('fail');
    expect(decide("Don't rebook", 'ios-cancel-balloon-flight-alert')).toBe('fail');
  });
});

describe('"I\'ll stay", "I\'d rather keep …", a change of mind without its comma (the fifty-second batch, session 19)', () => {
  it('stays in the team, keeps the seats', () => {
    expect(decide("On second thoughts I'll stay", 'android-leave-five-a-side-team-dialog')).toBe('tap android:id/button2');
    expect(decide("No, I'd rather keep the seats", 'ios-cancel-cheese-tasting-alert')).toBe('tap Keep my seats');
  });
  it('"I\'ll stay" answers no dialog asking to cancel; "keep me on the subs list" is no "Stay in team"', () => {
    expect(decide("I'll stay", 'ios-cancel-cheese-tasting-alert')).toBe('fail');
    expect(decide('Keep me on the subs list', 'android-leave-five-a-side-team-dialog')).not.toBe('tap android:id/button2');
  });
});

describe("a box in the dialog that says the instruction's words (session 20, the fifty-fourth batch)", () => {
  const screen = androidScreen(title('Deliveries'), text('Sourdough loaf · Fridays', 400, 'order_row'), {
    cls: 'android.widget.FrameLayout',
    b: [60, 700, 1020, 1700],
    id: 'parentPanel',
    kids: [
      { cls: 'android.widget.TextView', b: [100, 740, 980, 820], text: 'Pause your deliveries?', id: 'alertTitle' },
      {
        cls: 'android.widget.TextView',
        b: [100, 840, 980, 1000],
        text: 'Nothing is delivered from Monday until you resume.',
        id: 'message',
      },
      {
        cls: 'android.widget.CheckBox',
        b: [100, 1020, 980, 1100],
        text: 'Pause the bread as well (Fridays)',
        id: 'bread_check',
        checked: false,
        click: true,
      },
      { cls: 'android.widget.Button', b: [100, 1500, 500, 1600], text: 'Keep delivering', id: 'button2', click: true },
      { cls: 'android.widget.Button', b: [540, 1500, 980, 1600], text: 'Pause deliveries', id: 'button1', click: true },
    ],
  });
  const tapped = (instruction: string) => {
    const { action } = decideOffline({ instruction, platform: 'android', hierarchyXml: screen });
    return action.type === 'tap' ? `tap ${action.target?.value}` : action.type;
  };
  it('ticks the box its words start, not the dialog button of the same verb', () => {
    expect(tapped('Pause the bread as well')).toBe('tap app:id/bread_check');
    expect(tapped("We're away on Friday too, so pause the bread as well")).toBe('tap app:id/bread_check');
  });
  it("still answers the dialog with its button when the words are the dialog's own", () => {
    expect(tapped('Pause my deliveries')).toBe('tap app:id/button1');
  });
  it('keeps what goes on, and reads the answer through the words around it (session 20)', () => {
    expect(tapped('Never mind, keep the deliveries coming')).toBe('tap app:id/button2');
    expect(tapped('No, keep it going')).toBe('tap app:id/button2');
    expect(tapped("Yes, I'm sure, pause them")).toBe('tap app:id/button1');
    expect(tapped("Let's just pause the deliveries")).toBe('tap app:id/button1');
    expect(tapped('Never mind, keep the newspapers coming')).toBe('fail');
  });
});
