/**
 * List rows named as testers name them (intent-resolver.ts): "the book by Kazuo Ishiguro" (a noun
 * and a name the row shows after "by" / "from" / "with"), "renew the Klara and the Sun book" (the
 * row's button by its verb, the row by its title and a noun). Traps: part of a name, a name two
 * rows show, a disabled button.
 */
import { describe, expect, it } from 'vitest';
import { decideOffline } from './offline-model.js';
import { androidXml, type Spec } from './testing/android-screen.js';
import { decideOn } from './testing/corpus-decisions.js';

const at = (x1: number, y1: number, x2: number, y2: number) => `[${x1},${y1}][${x2},${y2}]`;
const text = (t: string, y: number, id: string): Spec => [
  'android.widget.TextView',
  { text: t, 'resource-id': `app:id/${id}`, bounds: at(48, y, 700, y + 50) },
];
/** A row's own button at its right, in the row starting at `y`. */
const rowButton = (label: string, id: string, y: number, enabled: boolean): Spec => [
  'android.widget.Button',
  { text: label, 'resource-id': `app:id/${id}`, clickable: 'true', enabled: String(enabled), bounds: at(800, y + 60, 1032, y + 140) },
];
const loan = (y: number, n: number, title: string, author: string, renewable = true): Spec => [
  'android.widget.LinearLayout',
  { 'resource-id': `app:id/loan_${n}`, clickable: 'true', bounds: at(0, y, 1080, y + 200) },
  [text(title, y + 20, 'title'), text(author, y + 80, 'author'), rowButton('Renew', `renew_${n}`, y, renewable)],
];
const loans = (...rows: Spec[]): Spec[] => [
  [
    'androidx.appcompat.widget.Toolbar',
    { 'resource-id': 'app:id/toolbar', bounds: at(0, 63, 1080, 210) },
    [text('My library', 100, 'toolbar_title')],
  ],
  ['androidx.recyclerview.widget.RecyclerView', { 'resource-id': 'app:id/list', bounds: at(0, 220, 1080, 1400) }, rows],
];
const library = loans(
  loan(240, 1, 'The Overstory', 'Richard Powers'),
  loan(460, 2, 'Klara and the Sun', 'Kazuo Ishiguro'),
  loan(680, 3, 'Sapiens', 'Yuval Noah Harari', false),
);
const decide = (instruction: string, nodes: Spec[]) => {
  const a = decideOffline({ instruction, platform: 'android', hierarchyXml: androidXml(...nodes) }).action;
  return `${a.type}${'target' in a && a.target ? ` ${a.target.value}` : ''}`;
};

describe('a list row named by what it shows', () => {
  it('"the book by Kazuo Ishiguro" is the one row showing that name whole', () => {
    expect(decide('Open the book by Kazuo Ishiguro', library)).toBe('tap app:id/loan_2');
    expect(decide('Open the loan from Richard Powers', library)).toBe('tap app:id/loan_1');
    // Traps: part of the name; a name no row shows; a name two rows show.
    expect(decide('Open the book by Kazuo', library)).toBe('fail');
    expect(decide('Open the book by Sally Rooney', library)).toBe('fail');
    const twice = loans(loan(240, 1, 'Klara and the Sun', 'Kazuo Ishiguro'), loan(460, 2, 'Never Let Me Go', 'Kazuo Ishiguro'));
    expect(decide('Open the book by Kazuo Ishiguro', twice)).toBe('fail');
  });

  it('"renew the Klara and the Sun book" is the row\'s own Renew, never another row\'s or a disabled one', () => {
    expect(decide('renew the Klara and the Sun book', library)).toBe('tap app:id/renew_2');
    expect(decide('Renew Klara and the Sun', library)).toBe('tap app:id/renew_2');
    expect(decide('renew the Klara book', library)).toBe('fail');
    expect(decide('renew the Sapiens book', library)).toBe('fail');
  });

  it('"Sapiens cannot be renewed" is said by the row\'s Renew being disabled', () => {
    expect(decide('Ensure Sapiens cannot be renewed', library)).toBe('assert app:id/renew_3');
    expect(decide('Check that Klara and the Sun can be renewed', library)).toBe('assert app:id/renew_2');
    // Traps: the state the other way round; a verb no control of the row has; a row no text names.
    expect(decide('Check that Sapiens can be renewed', library)).toBe('fail');
    expect(decide('Check that Klara and the Sun cannot be renewed', library)).toBe('fail');
    expect(decide('Check that Sapiens cannot be returned', library)).toBe('fail');
    expect(decide('Check that Dune cannot be renewed', library)).toBe('fail');
  });

  it('"Dune is not in my loans" is Dune not shown; a row that shows it fails', () => {
    expect(decide('Verify Dune is not in my loans', library)).toBe('assert Dune');
    expect(decide('Verify Sapiens is not in my loans', library)).toBe('fail');
  });
});

describe('"Navigate to 12 Mill Lane": the row showing the place, by its button the verb names (thirty-first batch)', () => {
  const job = (y: number, n: number, address: string, canNavigate = true): Spec => [
    'android.widget.LinearLayout',
    { 'resource-id': `app:id/job_${n}`, clickable: 'true', bounds: at(0, y, 1080, y + 200) },
    [text(address, y + 20, 'address'), rowButton('Navigate', `navigate_${n}`, y, canNavigate)],
  ];
  const jobs = loans(job(240, 1, '12 Mill Lane, Harlow'), job(460, 2, '3 Station Road, Epping'), job(680, 3, '7 Kiln Way, Ware', false));
  it("taps that row's Navigate, not the row (which opens the job)", () => {
    expect(decide('Navigate to 3 Station Road', jobs)).toBe('tap app:id/navigate_2');
    expect(decide('Navigate to 12 Mill Lane', jobs)).toBe('tap app:id/navigate_1');
  });
  it('still taps the row for a verb none of its buttons has, and fails a disabled Navigate', () => {
    expect(decide('Open 3 Station Road', jobs)).toBe('tap app:id/job_2');
    expect(decide('Navigate to 7 Kiln Way', jobs)).toBe('fail');
  });
});

describe('a row named in lower case by its first words and what it is ("the damp patch request")', () => {
  // "Damp patch on bedroom ceiling", a clickable request row (the third).
  const row = 'tap /FrameLayout[0]/LinearLayout[0]/RecyclerView[4]/LinearLayout[2]';
  it('taps the one row whose title starts with the name', () => {
    expect(decideOn('Open the damp patch request', 'android-tenant-repairs')).toBe(row);
    expect(decideOn('Open the damp patch entry', 'android-tenant-repairs')).toBe(row);
  });
  it('never on other words, nor on one word alone', () => {
    expect(decideOn('Open the damp wall request', 'android-tenant-repairs')).toBe('fail');
    expect(decideOn('Open the damp request', 'android-tenant-repairs')).toBe('fail');
  });
});
