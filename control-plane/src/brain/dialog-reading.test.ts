/**
 * How testers address a screen with a modal dialog up (issue 25, session 7), each rule beside the
 * traps that must keep failing: nothing behind the dialog is tapped however it is named; a check is
 * read as what the dialog says; "Dr. Patel" ends no sentence; "Confirm the cancellation" taps the
 * dialog's button that does it.
 */
import { describe, expect, it } from 'vitest';
import { decideOffline } from './offline-model.js';
import { androidXml, type Spec } from './testing/android-screen.js';
import { decideOn } from './testing/corpus-decisions.js';

const at = (x1: number, y1: number, x2: number, y2: number) => `[${x1},${y1}][${x2},${y2}]`;
const text = (t: string, y: number, id = ''): Spec => [
  'android.widget.TextView',
  { text: t, 'resource-id': id, bounds: at(48, y, 1032, y + 60) },
];
const button = (t: string, y: number, id: string, enabled = true): Spec => [
  'android.widget.Button',
  { text: t, 'resource-id': id, clickable: 'true', enabled: String(enabled), bounds: at(48, y, 1032, y + 100) },
];
const toolbar = (t: string): Spec => [
  'androidx.appcompat.widget.Toolbar',
  { 'resource-id': 'app:id/toolbar', bounds: at(0, 63, 1080, 210) },
  [text(t, 100, 'app:id/toolbar_title')],
];
const row = (y: number, id: string, ...texts: string[]): Spec => [
  'android.widget.LinearLayout',
  { 'resource-id': `app:id/${id}`, clickable: 'true', bounds: at(0, y, 1080, y + 180) },
  texts.map((t, i) => text(t, y + 20 + i * 70)),
];
const list = (...rows: Spec[]): Spec => [
  'androidx.recyclerview.widget.RecyclerView',
  { 'resource-id': 'app:id/list', bounds: at(0, 220, 1080, 1200) },
  rows,
];
/** An Android alert's panel over the screen: its title, its message and its buttons. */
const dialog = (title: string, message: string, ...buttons: Spec[]): Spec => [
  'android.widget.LinearLayout',
  { 'resource-id': 'android:id/parentPanel', bounds: at(60, 800, 1020, 1700) },
  [text(title, 850, 'android:id/alertTitle'), text(message, 940, 'android:id/message'), ...buttons],
];

const appointments = [
  toolbar('Appointments'),
  list(
    row(240, 'appt_1', 'Luna · Vaccination', 'Tue, 9 Apr · 10:15 · Dr. Patel'),
    row(420, 'appt_2', 'Milo · Dental check', 'Fri, 19 Apr · 16:30 · Dr. Owens'),
  ),
];
const cancelDialog = dialog(
  'Cancel appointment?',
  "Luna's vaccination with Dr. Patel on Tue, 9 Apr at 10:15 will be cancelled. You won't be charged.",
  button('Keep it', 1500, 'android:id/button2'),
  button('Cancel appointment', 1600, 'android:id/button1'),
);

const decide = (instruction: string, ...nodes: Spec[]) => {
  const d = decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(...nodes) });
  const a = d.action;
  const on = 'target' in a && a.target ? ` ${a.target.value}` : '';
  return `${a.type}${on}`;
};

describe('a modal dialog up', () => {
  it('never taps what is behind it, however it is named (a row by its title and a noun)', () => {
    expect(decide('Open the Milo appointment', ...appointments)).toBe('tap app:id/appt_2');
    expect(decide('Open the Milo appointment', ...appointments, cancelDialog)).toBe('fail');
    expect(decide('Tap Keep it', ...appointments, cancelDialog)).toBe('tap android:id/button2');
  });

  it('reads a check as what the dialog says, with its numbers, names and negations', () => {
    expect(decide("Check that Luna's vaccination will be cancelled", ...appointments, cancelDialog)).toBe('assert android:id/message');
    // The message, not the row behind the dialog that also shows 10:15.
    expect(decide('Check that the appointment is at 10:15', ...appointments, cancelDialog)).toBe('assert android:id/message');
    expect(decide('Check that the appointment is with Dr. Patel', ...appointments, cancelDialog)).toBe('assert android:id/message');
    expect(decide('Check that I will not be charged', ...appointments, cancelDialog)).toBe('assert android:id/message');
    // Traps: another pet, another time, another vet, the negation dropped.
    expect(decide("Check that Milo's dental check will be cancelled", ...appointments, cancelDialog)).toBe('fail');
    expect(decide('Check that the appointment is at 10:30', ...appointments, cancelDialog)).toBe('fail');
    expect(decide('Check that the appointment is with Dr. Owens', ...appointments, cancelDialog)).toBe('fail');
    expect(decide('Check that I will be charged', ...appointments, cancelDialog)).toBe('fail');
    // Without a dialog the message's sentence still has to say no more than the check.
    expect(decide('Check that the appointment is with Dr. Patel', toolbar('Visit'), text('Seen by Dr. Patel on Tuesday', 300))).toBe(
      'fail',
    );
  });

  it('"Confirm the cancellation" taps the dialog button doing it, never the plain Cancel, another action or a button behind it', () => {
    expect(decide('Confirm the cancellation', ...appointments, cancelDialog)).toBe('tap android:id/button1');
    expect(decide('Confirm the cancellation in the dialog', ...appointments, cancelDialog)).toBe('tap android:id/button1');
    // The action as a verb's -ing form and its object: the same button; none for an action it does not do, nor without a dialog.
    expect(decide('Confirm cancelling the appointment', ...appointments, cancelDialog)).toBe('tap android:id/button1');
    expect(decide('Confirm deleting the appointment', ...appointments, cancelDialog)).toBe('fail');
    expect(decide('Confirm cancelling the appointment', ...appointments)).toBe('fail');
    const subscription = dialog(
      'Cancel subscription?',
      'You will lose access on 30 June.',
      button('Cancel', 1500, 'android:id/button2'),
      button('Cancel subscription', 1600, 'android:id/button1'),
    );
    expect(decide('Confirm the cancellation', toolbar('Plan'), subscription)).toBe('tap android:id/button1');
    // A checkbox of the dialog saying the verb sets how it is done; it does not do it.
    const photos = dialog(
      'Delete 3 photos?',
      'They will be moved to Recently deleted.',
      [
        'android.widget.CheckBox',
        {
          text: 'Also delete from cloud backup',
          'resource-id': 'app:id/cloud',
          checkable: 'true',
          clickable: 'true',
          bounds: at(120, 1300, 960, 1380),
        },
      ],
      button('Cancel', 1500, 'android:id/button2'),
      button('Delete', 1600, 'android:id/button1'),
    );
    expect(decide('Confirm the deletion', toolbar('3 selected'), photos)).toBe('tap android:id/button1');
    // Traps: another action; two buttons doing it; no dialog up (a button on the screen is no answer).
    expect(decide('Confirm the deletion', ...appointments, cancelDialog)).toBe('fail');
    const two = dialog(
      'Cancel?',
      'Cancel the order or one item?',
      button('Cancel order', 1500, 'app:id/a'),
      button('Cancel item', 1600, 'app:id/b'),
    );
    expect(decide('Confirm the cancellation', toolbar('Order'), two)).toBe('fail');
    expect(decide('Confirm the cancellation', toolbar('Order'), button('Cancel order', 2000, 'app:id/cancel_order'))).toBe('fail');
    // "Confirm the booking" is the control labelled so; a disabled one is not tapped.
    expect(decide('Confirm the booking', toolbar('Review'), button('Confirm booking', 2000, 'app:id/confirm'))).toBe('tap app:id/confirm');
    expect(decide('Confirm the booking', toolbar('Review'), button('Confirm booking', 2000, 'app:id/confirm', false))).toBe('fail');
  });
});

describe('"Keep …" on a dialog asking to release or withdraw something (forty-second batch)', () => {
  it('is its Keep answer; "changed my mind" names nothing for "it"', () => {
    expect(decideOn('changed my mind, keep it', 'ios-release-kayak-locker-alert')).toBe('tap Keep Locker');
    expect(decideOn('keep it', 'ios-release-kayak-locker-alert')).toBe('tap Keep Locker');
    expect(decideOn('keep the kayak', 'ios-release-kayak-locker-alert')).toBe('fail');
  });
});

describe('a claim in the words of the dialog that is up (forty-fourth batch)', () => {
  it('is judged on the dialog alone: a "£20.00 deposit" behind it does not say it', () => {
    // The alert: "… Your £35.00 deposit is refunded within 5 working days of inspection."; behind it a hire with a £20.00 deposit.
    expect(decideOn('Check the deposit is £20', 'ios-return-costume-alert')).toBe('fail');
    expect(decideOn('Check the deposit is £35', 'ios-return-costume-alert')).toMatch(/^assert Drop it at the Leith studio/);
  });
});

describe('"the <answer> dialog is shown" (forty-third batch)', () => {
  it("points at the dialog's title, not at the answer it was named by", () => {
    expect(decideOn('The skip clean dialog is shown', 'android-skip-window-clean-dialog')).toBe('assert android:id/alertTitle');
    expect(decideOn('The delete dialog is shown', 'android-skip-window-clean-dialog')).toBe('fail');
  });
});

describe('"Keep …" on a dialog asking to lose something', () => {
  it("is the dialog's answer that loses nothing, when the words are the dialog's", () => {
    expect(decide('Keep the appointment', ...appointments, cancelDialog)).toBe('tap android:id/button2');
    const photos = dialog(
      'Delete 3 photos?',
      'They will be moved to Recently deleted.',
      button('Cancel', 1500, 'android:id/button2'),
      button('Delete', 1600, 'android:id/button1'),
    );
    expect(decide('Keep the photos', toolbar('3 selected'), photos)).toBe('tap android:id/button2');
    // Traps: words the dialog does not have; a dialog that loses nothing; no dialog up.
    expect(decide('Keep the videos', toolbar('3 selected'), photos)).toBe('fail');
    const save = dialog(
      'Save changes?',
      'Your photos will be updated.',
      button('Cancel', 1500, 'android:id/button2'),
      button('Save', 1600, 'android:id/button1'),
    );
    expect(decide('Keep the photos', toolbar('Edit'), save)).toBe('fail');
    expect(decide('Keep the photos', toolbar('3 photos'), button('Cancel', 1500, 'app:id/cancel'))).toBe('fail');
  });
  it('"stay in …", "keep sharing … with …" likewise, prepositions aside, on a dialog that stops or ends something too', () => {
    const leave = dialog(
      'Leave “Book club”?',
      'You will stop getting its messages.',
      button('Cancel', 1500, 'b2'),
      button('Leave', 1600, 'b1'),
    );
    expect(decide('Stay in the book club', toolbar('Book club'), leave)).toBe('tap b2');
    const sharing = dialog(
      'Stop sharing with Anna?',
      'Anna will no longer see your location.',
      button('Cancel', 1500, 'b2'),
      button('Stop', 1600, 'b1'),
    );
    expect(decide('Keep sharing my location with Anna', toolbar('Location'), sharing)).toBe('tap b2');
    // Traps: another person; another group; no dialog up.
    expect(decide('Keep sharing my location with Ben', toolbar('Location'), sharing)).toBe('fail');
    expect(decide('Stay in the chess club', toolbar('Book club'), leave)).toBe('fail');
    expect(decide('Stay in the book club', toolbar('Book club'), button('Cancel', 1500, 'app:id/cancel'))).toBe('fail');
  });
});

describe('"Dismiss the dialog"', () => {
  // Booked appointments whose rows carry their own Cancel (it cancels the appointment).
  const booked = [
    toolbar('Appointments'),
    list([
      'android.widget.LinearLayout',
      { 'resource-id': 'app:id/appt_1', bounds: at(0, 240, 1080, 420) },
      [text('Luna · Vaccination', 260), button('Cancel', 320, 'app:id/appt_cancel')],
    ]),
  ];
  it("taps the dialog's own Cancel when one is up", () => {
    const sure = dialog('Reschedule?', 'Pick a new time.', button('Cancel', 1500, 'android:id/button2'));
    expect(decide('Dismiss the dialog', ...booked, sure)).toBe('tap android:id/button2');
  });
  it('with no Cancel, taps the one of its two buttons that does not do what its title asks', () => {
    const sure = (...buttons: Spec[]) => dialog('Archive this appointment?', 'You can find it under Past.', ...buttons);
    expect(decide('Dismiss the dialog', ...appointments, sure(button('Keep it', 1500, 'b2'), button('Archive', 1600, 'b1')))).toBe(
      'tap b2',
    );
    // Traps: neither button does what the title asks; both do; three buttons.
    expect(decide('Dismiss the dialog', ...appointments, sure(button('Sure', 1500, 'b2'), button('Fine', 1600, 'b1')))).not.toMatch(
      /^tap b/,
    );
    expect(
      decide('Dismiss the dialog', ...appointments, sure(button('Archive all', 1500, 'b2'), button('Archive', 1600, 'b1'))),
    ).not.toMatch(/^tap b/);
    const three = sure(button('Keep it', 1400, 'b3'), button('Move it', 1500, 'b2'), button('Archive', 1600, 'b1'));
    expect(decide('Dismiss the dialog', ...appointments, three)).not.toMatch(/^tap b/);
  });
  it("with no dialog up never taps a row's own Cancel (it would cancel the appointment)", () => {
    expect(decide('Dismiss the dialog', ...booked)).toBe('back');
    expect(decide('Close the popup', ...booked)).toBe('back');
    // A Cancel of the screen itself, outside any row, still closes it.
    expect(decide('Dismiss the dialog', ...booked, button('Cancel', 2200, 'app:id/close'))).toBe('tap app:id/close');
  });
});

describe('"a confirmation to <do something> is shown"', () => {
  it('is a dialog up asking to do it, about that thing or one it names', () => {
    expect(decide('A confirmation to cancel the appointment is shown', ...appointments, cancelDialog)).toBe('assert android:id/alertTitle');
    expect(decide('Check that a prompt asking me to cancel the appointment is shown', ...appointments, cancelDialog)).toBe(
      'assert android:id/alertTitle',
    );
    const named = dialog('Mute “Book club”?', 'You will not be notified.', button('Cancel', 1500, 'b2'), button('Mute', 1600, 'b1'));
    expect(decide('A confirmation to mute the group is shown', toolbar('Chats'), named)).toBe('assert android:id/alertTitle');
    // Traps: another action; another thing; no dialog up; a dialog that asks nothing.
    expect(decide('A confirmation to delete the appointment is shown', ...appointments, cancelDialog)).toBe('fail');
    expect(decide('A confirmation to cancel the subscription is shown', ...appointments, cancelDialog)).toBe('fail');
    expect(decide('A confirmation to cancel the appointment is shown', ...appointments)).toBe('fail');
    const told = dialog('Appointment cancelled', 'You will get a refund.', button('OK', 1500, 'b1'));
    expect(decide('A confirmation to cancel the appointment is shown', ...appointments, told)).toBe('fail');
  });
});

describe('"the dialog asks whether to <do something>"', () => {
  it('is the dialog asking it, every word of the action said there, when no text says it as written', () => {
    const uninstall = dialog('BudgetBee', 'Do you want to uninstall this app?', button('Cancel', 1500, 'b2'), button('OK', 1600, 'b1'));
    expect(decide('Check the dialog asks to uninstall BudgetBee', toolbar('Apps'), uninstall)).toBe('assert android:id/message');
    expect(decide('The dialog asks whether I want to uninstall this app', toolbar('Apps'), uninstall)).toBe('assert android:id/message');
    const byte = dialog('Unsubscribe from “The Weekly Byte”?', 'You will stop getting new issues.', button('Unsubscribe', 1600, 'b1'));
    expect(decide('Check the alert asks whether to unsubscribe from The Weekly Byte', toolbar('Inkwell'), byte)).toBe(
      'assert android:id/alertTitle',
    );
    // Traps: another name that shares a word; another app; another verb; the other particle; another number; no dialog.
    expect(decide('Check the alert asks whether to unsubscribe from The Daily Byte', toolbar('Inkwell'), byte)).toBe('fail');
    expect(decide('A confirmation to unsubscribe from The Daily Byte is shown', toolbar('Inkwell'), byte)).toBe('fail');
    expect(decide('Check the dialog asks to uninstall Spotify', toolbar('Apps'), uninstall)).toBe('fail');
    expect(decide('Check the dialog asks to delete BudgetBee', toolbar('Apps'), uninstall)).toBe('fail');
    const backup = dialog('Turn off backup?', 'Your photos will no longer be saved.', button('Turn off', 1600, 'b1'));
    expect(decide('Check the dialog asks whether to turn on backup', toolbar('Backup'), backup)).toBe('fail');
    const ride = dialog('Cancel your 09:15 ride?', 'Also cancel the 12:30 return journey', button('Cancel ride', 1600, 'b1'));
    expect(decide('Check the dialog asks to cancel the 12:30 ride', toolbar('Rides'), ride)).toBe('fail');
    expect(decide('Check the dialog asks to uninstall BudgetBee', toolbar('Apps'), text('Do you want to uninstall this app?', 400))).toBe(
      'fail',
    );
  });
});

describe('"a dialog is shown"', () => {
  it('is the dialog up, of the kind named, never a text saying "dialog"', () => {
    expect(decide('A confirmation dialog is shown', ...appointments, cancelDialog)).toBe('assert android:id/alertTitle');
    expect(decide('Check that an alert is displayed', ...appointments, cancelDialog)).toBe('assert android:id/alertTitle');
    expect(decide('Check that no dialog is shown', ...appointments)).toBe('assert dialog');
    const failed = dialog("Couldn't cancel", 'Try again later.', button('OK', 1500, 'android:id/button1'));
    expect(decide('Check that an error dialog is shown', ...appointments, failed)).toBe('assert android:id/alertTitle');
    // Traps: no dialog up (a text saying "dialog" is none); a dialog of another kind; "not shown" while one is up.
    expect(decide('A confirmation dialog is shown', ...appointments, text('Confirmation dialog', 1300))).toBe('fail');
    expect(decide('Check that an error dialog is shown', ...appointments, cancelDialog)).toBe('fail');
    expect(decide('Check that a confirmation dialog is shown', ...appointments, failed)).toBe('fail');
    expect(decide('Check that no dialog is shown', ...appointments, cancelDialog)).toBe('fail');
    expect(decide('Check that the dialog is not shown', ...appointments, cancelDialog)).toBe('fail');
  });
});

describe('sentences', () => {
  it('"Dr. Patel" ends no sentence; a real full stop still does', () => {
    const visit = [toolbar('Prescription'), text('Prescribed by Dr. Hana Sato', 300, 'app:id/prescriber')];
    expect(decide('Check that it was prescribed by Dr. Hana Sato', ...visit)).toBe('assert app:id/prescriber');
    expect(decide('Check that it was prescribed by Dr. Hana Cole', ...visit)).toBe('fail');
    const note = [toolbar('Visit'), text('Seen by Dr. Patel. Not paid yet.', 300, 'app:id/note')];
    expect(decide('Check that the visit was seen by Dr. Patel', ...note)).toBe('assert app:id/note');
    expect(decide('Check that the visit was paid', ...note)).toBe('fail');
  });

  it("a claim in the dialog's own words is the dialog's: a number behind it does not say it", () => {
    // The thirty-sixth batch's false pass: "30 min · £22.00" in the timetable behind the dialog.
    expect(decideOn('Check the fee still charged is £22.00', 'android-cancel-music-lesson-dialog')).toBe('fail');
    expect(decideOn('Check the fee still charged is £28.00', 'android-cancel-music-lesson-dialog')).toBe('assert android:id/message');
  });
});

describe('"the alert is asking about cancelling …" asks whether to cancel it (instruction-grammar.ts, session 18)', () => {
  it('passes the action the alert asks about, by its gerund', () => {
    expect(decideOn('Check the alert is asking about cancelling the Stratocaster setup', 'ios-cancel-guitar-setup-alert')).toBe(
      'assert Cancel the Stratocaster setup?',
    );
  });
  it('never another action, nor another thing', () => {
    expect(decideOn('Check the alert is asking about keeping the Stratocaster setup', 'ios-cancel-guitar-setup-alert')).toBe('fail');
    expect(decideOn('Check the alert is asking about cancelling the Martin repair', 'ios-cancel-guitar-setup-alert')).toBe('fail');
  });
});
