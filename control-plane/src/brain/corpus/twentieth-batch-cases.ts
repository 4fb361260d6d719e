/**
 * A twentieth batch (issue 25), blind: five screens of kinds not yet in the corpus, written
 * after the nineteenth batch's fixes and before the model was run on them. A language course
 * (a streak, XP and a daily goal, units with progress, a locked unit), an iOS e-book (progress,
 * time left, chapters, a disabled Downloaded button), gym classes (times, instructors, spots
 * left, a full class with a waitlist, a class already booked), an iOS VPN (connected, server,
 * protocol, IP, data, switches), an invoice (status, dates, line items, VAT, amount due).
 * 30 of 77 must fail. Run once, before any fix: 57 of 77 right (74.0 %), 1 FALSE PASS ("I am
 * booked into Pilates" over the Pilates row: its "Book" button's word taken as the state
 * "booked"), 3 ON A WRONG ELEMENT (checks on the right row naming the class's name "Spin 45",
 * which holds a number, instead of the time or the spots that say it). Then fixed by general
 * rules (general-rules.test.ts), so the batch is tuned now: 66 of 77, none. Still missed: "I
 * earned 120 XP today" (a verb the text leaves out), "the daily goal has been reached" over
 * "Daily goal: 100 XP · reached", "taught by Priya" over "with Priya", "today's classes are
 * shown" (a chip's state), line items laid out in no list ("website pages cost €1,000", "4
 * website pages were billed"), the e-book's "the book is …" with no text saying "book", "the
 * book is downloaded" (only a disabled button says so), "connected to Frankfurt" over
 * "Connected" and "Frankfurt, Germany", "218 MB was used this session" over "Data this session".
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const course: Row[] = [
  ['Check that I am on a 7-day streak', 'android-language-course', pass({ id: 'streak' })],
  ['Check that my streak is 10 days', 'android-language-course', fails()],
  ['Check that I earned 120 XP today', 'android-language-course', pass({ id: 'xp_today' })],
  ['Check that I earned 100 XP today', 'android-language-course', fails()],
  ['Check that the daily goal has been reached', 'android-language-course', pass({ id: 'daily_goal' })],
  ['Check that Unit 1 is completed', 'android-language-course', pass({ id: 'unit_status', nth: 1 })],
  ['Check that Unit 2 is completed', 'android-language-course', fails()],
  ['Verify unit 2 is 33% done', 'android-language-course', pass({ id: 'unit_status', nth: 2 })],
  ['Check that Unit 3 is locked', 'android-language-course', pass({ id: 'unit_status', nth: 3 })],
  ['Open Unit 3', 'android-language-course', fails()],
  ['Check that Unit 3 is unlocked', 'android-language-course', fails()],
  ['Open the Food & drink unit', 'android-language-course', tap({ id: 'unit_row', nth: 2 })],
  ['Continue the lesson', 'android-language-course', tap({ id: 'continue_button' })],
  ['Check that I am on lesson 5 of 12', 'android-language-course', fails()],
  ['Go to the leaderboard', 'android-language-course', tap({ id: 'leaderboard_button' })],
];

const book: Row[] = [
  ['Check that the book is The Quiet Orchard by Mara Ellis', 'ios-book', pass()],
  ['Check that the book is by Maria Ellis', 'ios-book', fails()],
  ['Check that I have read 62% of the book', 'ios-book', pass({ id: 'progress' })],
  ['Check that I have read 26% of the book', 'ios-book', fails()],
  ['Check that 3 hours 10 minutes are left', 'ios-book', pass({ id: 'progress' })],
  ['Resume reading', 'ios-book', tap({ id: 'resume' })],
  ['Download the book', 'ios-book', fails()],
  ['Check that the book is downloaded', 'ios-book', pass({ id: 'download' })],
  ['Check that chapter 3 is the current chapter', 'ios-book', pass()],
  ['Check that chapter 4 is the current chapter', 'ios-book', fails()],
  ['Check that First Frost has 18 pages', 'ios-book', pass()],
  ['Check that First Frost has 21 pages', 'ios-book', fails()],
  ['Open chapter 4', 'ios-book', tap({ id: 'chapter4' })],
  ['Check that the book has 284 pages', 'ios-book', pass({ id: 'details' })],
  ['Check that the book came out in 2012', 'ios-book', fails()],
];

const classes: Row[] = [
  ['Check that Spin 45 starts at 07:00', 'android-gym-classes', pass({ id: 'class_time', nth: 1 })],
  ['Check that Spin 45 starts at 08:00', 'android-gym-classes', fails()],
  ['Check that Yoga Flow is taught by Priya', 'android-gym-classes', pass({ id: 'class_instructor', nth: 2 })],
  ['Check that HIIT 30 is taught by Jonas', 'android-gym-classes', fails()],
  ['Check that Spin 45 has 3 spots left', 'android-gym-classes', pass({ id: 'class_spots', nth: 1 })],
  ['Check that Pilates has 3 spots left', 'android-gym-classes', fails()],
  ['Check that I am booked into Yoga Flow', 'android-gym-classes', pass({ id: 'class_spots', nth: 2 })],
  ['Check that I am booked into Pilates', 'android-gym-classes', fails()],
  ['Check that HIIT 30 is full', 'android-gym-classes', pass({ id: 'class_spots', nth: 3 })],
  ['Join the waitlist for HIIT 30', 'android-gym-classes', tap({ id: 'class_button', nth: 3 })],
  ['Book Spin 45', 'android-gym-classes', tap({ id: 'class_button', nth: 1 })],
  ['Book Zumba', 'android-gym-classes', fails()],
  ["Check that today's classes are shown", 'android-gym-classes', pass({ id: 'day_today' })],
  ['Check that I can cancel up to 2 hours before class', 'android-gym-classes', pass({ id: 'policy' })],
  ['Check that I can cancel up to 24 hours before class', 'android-gym-classes', fails()],
];

const vpn: Row[] = [
  ['Check that the VPN is connected', 'ios-vpn', pass({ id: 'status' })],
  ['Check that the VPN is disconnected', 'ios-vpn', fails()],
  ['Check that I am connected to Frankfurt', 'ios-vpn', pass()],
  ['Check that I am connected to Amsterdam', 'ios-vpn', fails()],
  ['Check that the VPN server is in France', 'ios-vpn', fails()],
  ['Verify the protocol is WireGuard', 'ios-vpn', pass()],
  ['Verify the protocol is OpenVPN', 'ios-vpn', fails()],
  ['Check that the IP address is 185.220.101.7', 'ios-vpn', pass()],
  ['Check that 218 MB was used this session', 'ios-vpn', pass()],
  ['Check that the kill switch is on', 'ios-vpn', pass({ id: 'killSwitch' })],
  ['Check that Connect on Launch is enabled', 'ios-vpn', fails()],
  ['Turn on Connect on Launch', 'ios-vpn', tap({ id: 'autoConnect' })],
  ['Disconnect from the VPN', 'ios-vpn', tap({ id: 'disconnect' })],
  ['Check that split tunneling is on', 'ios-vpn', fails()],
  ['Check that my traffic is encrypted', 'ios-vpn', pass({ id: 'note' })],
];

const invoice: Row[] = [
  ['Check that the invoice is unpaid', 'android-invoice', pass({ id: 'status_badge' })],
  ['Check that the invoice is paid', 'android-invoice', fails()],
  ['Check that the invoice is billed to Northwind Studio', 'android-invoice', pass({ id: 'client' })],
  ['Check that the invoice is due on 17 Mar 2025', 'android-invoice', pass({ id: 'dates' })],
  ['Check that the invoice is due on 3 Mar 2025', 'android-invoice', fails()],
  ['Check that the invoice is due in 5 days', 'android-invoice', pass({ id: 'due_in' })],
  ['Check that website pages cost €1,000', 'android-invoice', pass({ id: 'item_amount', nth: 2 })],
  ['Check that logo design costs €1,000', 'android-invoice', fails()],
  ['Check that 4 website pages were billed', 'android-invoice', pass({ id: 'item_quantity', nth: 2 })],
  ['Check that VAT is €372', 'android-invoice', pass({ id: 'vat_value' })],
  ['Check that VAT is 21%', 'android-invoice', fails()],
  ['Check that the amount due is €2,232.00', 'android-invoice', pass({ id: 'due_value' })],
  ['Check that the amount due is €1,860.00', 'android-invoice', fails()],
  ['Mark the invoice as paid', 'android-invoice', tap({ id: 'mark_paid' })],
  ['Download the invoice', 'android-invoice', tap({ id: 'download_pdf' })],
  ['Send a reminder', 'android-invoice', tap({ id: 'send_reminder' })],
  ['Delete the invoice', 'android-invoice', fails()],
];

export const twentiethBatch: CorpusCase[] = [
  ...onPlatform('android', [...course, ...classes, ...invoice]),
  ...onPlatform('ios', [...book, ...vpn]),
];
