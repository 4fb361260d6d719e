/**
 * The twenty-fourth batch's third part (issue 25), written by the model helper after the first
 * two parts had been tuned on, blind until tuned on: it measured the rules of that time on screens they were
 * not made from. A bank card (a status, label | value amounts, two switches, three buttons), a
 * meeting room (a summary line, Yes / No facts, booking buttons) and an iOS boarding pass
 * (route, flight and gate, times and seat on summary lines, a table, three buttons).
 * Scored once before any rule was changed for it: 36 of 44 right (81.8 %), 0 false passes, 0 on a
 * wrong element. Tuned on since: 42 of 44.
 */
import { type CorpusCase, fails, onPlatform, pass, type Row, tap } from './corpus-case.js';

const card: Row[] = [
  ['Check that the card ends in 4821', 'android-bank-card', pass({ id: 'card_name' })],
  ['Check that the card expires in 09/27', 'android-bank-card', pass({ id: 'expiry' })],
  ['Check that the card expires in 09/28', 'android-bank-card', fails()],
  ['Check that the card is frozen', 'android-bank-card', pass({ id: 'card_status' })],
  ['Check that the card is active', 'android-bank-card', fails()],
  ['Check that the spending limit is €2,000 a month', 'android-bank-card', pass({ id: 'limit_value' })],
  ['Check that the spending limit is €3,000 a month', 'android-bank-card', fails()],
  ['Check that I spent €642.18 this month', 'android-bank-card', pass({ id: 'spent_value' })],
  ['Check that I spent €462.18 this month', 'android-bank-card', fails()],
  ['Check that contactless payments are on', 'android-bank-card', pass({ id: 'contactless_switch' })],
  ['Check that online payments are enabled', 'android-bank-card', fails()],
  ['Unfreeze my card', 'android-bank-card', tap({ id: 'unfreeze' })],
  ['Show me the PIN', 'android-bank-card', tap({ id: 'show_pin' })],
  ['Order a replacement card', 'android-bank-card', fails()],
  ['Freeze the card', 'android-bank-card', fails()],
];

const room: Row[] = [
  ['Check that the room has 8 seats', 'android-meeting-room', pass({ id: 'room_info' })],
  ['Check that the room has 10 seats', 'android-meeting-room', fails()],
  ['Check that the room is on floor 4', 'android-meeting-room', pass({ id: 'room_info' })],
  ['Check that the room is free until 14:00', 'android-meeting-room', pass({ id: 'availability' })],
  ['Check that the room is free until 15:00', 'android-meeting-room', fails()],
  ['Check that the room has a screen', 'android-meeting-room', pass({ id: 'screen_value' })],
  ['Check that the room has a whiteboard', 'android-meeting-room', pass({ id: 'whiteboard_value' })],
  ['Check that the room supports video calls', 'android-meeting-room', fails()],
  ['Check that the room has video call equipment', 'android-meeting-room', fails()],
  ['Book the room for 30 minutes', 'android-meeting-room', tap({ id: 'book_30' })],
  ['Book the room for an hour', 'android-meeting-room', tap({ id: 'book_60' })],
  ['Book the room for 2 hours', 'android-meeting-room', fails()],
  ['Report an issue with the room', 'android-meeting-room', tap({ id: 'report' })],
];

const boarding: Row[] = [
  ['Check that the flight goes from Lisbon to Amsterdam', 'ios-boarding-pass', pass({ id: 'route' })],
  ['Check that the flight goes to Paris', 'ios-boarding-pass', fails()],
  ['Check that the flight number is TP 662', 'ios-boarding-pass', pass({ id: 'flight' })],
  ['Check that the gate is B14', 'ios-boarding-pass', pass({ id: 'flight' })],
  ['Check that the gate is B41', 'ios-boarding-pass', fails()],
  ['Check that boarding starts at 10:35', 'ios-boarding-pass', pass({ id: 'times' })],
  ['Check that the flight departs at 11:05', 'ios-boarding-pass', pass({ id: 'times' })],
  ['Check that the flight departs at 10:35', 'ios-boarding-pass', fails()],
  ['Check that my seat is 14C', 'ios-boarding-pass', pass({ id: 'seat' })],
  ['Check that I am flying business class', 'ios-boarding-pass', fails()],
  ['Check that the passenger is Ana Costa', 'ios-boarding-pass', pass()],
  ['Check that the booking reference is QX7P2L', 'ios-boarding-pass', pass()],
  ['Check that I have 2 checked bags', 'ios-boarding-pass', fails()],
  ['Add the boarding pass to Apple Wallet', 'ios-boarding-pass', tap({ id: 'addToWallet' })],
  ['Change my seat', 'ios-boarding-pass', tap({ id: 'changeSeat' })],
  ['Cancel my flight', 'ios-boarding-pass', fails()],
];

export const twentyFourthBatchThirdPart: CorpusCase[] = [...onPlatform('android', [...card, ...room]), ...onPlatform('ios', boarding)];
