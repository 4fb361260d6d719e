/**
 * `input` (frameworks/base InputShellCommand): tap, swipe, text, keyevent. `input text`
 * takes one argument (after shell unquoting) in which "%s" stands for a space, which is
 * why drivers escape spaces that way; further arguments are ignored, as on a device.
 */
import type { CommandHandler, CommandIo } from './shell.js';
import type { VirtualDevice } from './virtual-device.js';

const SOURCES = new Set([
  'keyboard',
  'mouse',
  'joystick',
  'touchnavigation',
  'touchpad',
  'trackball',
  'dpad',
  'stylus',
  'gamepad',
  'touchscreen',
  'rotaryencoder',
]);

/** android.view.KeyEvent codes of the keys a test may send. */
export const KEYCODES: Readonly<Record<string, number>> = {
  HOME: 3,
  BACK: 4,
  CALL: 5,
  ENDCALL: 6,
  STAR: 17,
  POUND: 18,
  DPAD_UP: 19,
  DPAD_DOWN: 20,
  DPAD_LEFT: 21,
  DPAD_RIGHT: 22,
  DPAD_CENTER: 23,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  POWER: 26,
  CAMERA: 27,
  CLEAR: 28,
  COMMA: 55,
  PERIOD: 56,
  TAB: 61,
  SPACE: 62,
  ENTER: 66,
  DEL: 67,
  GRAVE: 68,
  MINUS: 69,
  EQUALS: 70,
  LEFT_BRACKET: 71,
  RIGHT_BRACKET: 72,
  BACKSLASH: 73,
  SEMICOLON: 74,
  APOSTROPHE: 75,
  SLASH: 76,
  AT: 77,
  PLUS: 81,
  MENU: 82,
  SEARCH: 84,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  MOVE_HOME: 122,
  MOVE_END: 123,
  SLEEP: 223,
  WAKEUP: 224,
  APP_SWITCH: 187,
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [String(i), 7 + i])),
  ...Object.fromEntries(Array.from({ length: 26 }, (_, i) => [String.fromCharCode(65 + i), 29 + i])),
};

const CODE_NAMES = new Map(Object.entries(KEYCODES).map(([name, code]) => [code, name]));

const KEY_CHARS: Readonly<Record<string, string>> = {
  SPACE: ' ',
  COMMA: ',',
  PERIOD: '.',
  MINUS: '-',
  EQUALS: '=',
  AT: '@',
  PLUS: '+',
  SLASH: '/',
  SEMICOLON: ';',
  APOSTROPHE: "'",
  GRAVE: '`',
  STAR: '*',
  POUND: '#',
  LEFT_BRACKET: '[',
  RIGHT_BRACKET: ']',
  BACKSLASH: '\\',
};

/** KEYCODE_BACK, BACK or 4 → 'BACK'; null when unknown. */
export function keyName(arg: string): string | null {
  if (/^\d+$/.test(arg)) return CODE_NAMES.get(Number(arg)) ?? null;
  const name = arg.toUpperCase().replace(/^KEYCODE_/, '');
  return name in KEYCODES ? name : null;
}

/** The character a key types, if it is a character key. */
function keyChar(name: string): string | null {
  if (/^[A-Z]$/.test(name)) return name.toLowerCase();
  if (/^\d$/.test(name)) return name;
  return KEY_CHARS[name] ?? null;
}

/** `input text` decoding: "%s" is a space; any other % stays. */
export function decodeInputText(arg: string): string {
  return arg.replace(/%s/g, ' ');
}

export function inputCommand(device: VirtualDevice): CommandHandler {
  return (io) => {
    const args = [...io.args];
    if (args[0] && SOURCES.has(args[0])) args.shift();
    if (args[0] === '-d') args.splice(0, 2);
    const [command, ...rest] = args;
    if (device.faults.inputFails) {
      io.err(`Error: ${device.faults.inputFails}\n`);
      return 1;
    }
    const numbers = (count: number) => {
      const values = rest.slice(0, count).map(Number);
      return values.length === count && values.every(Number.isFinite) ? values : null;
    };
    switch (command) {
      case 'tap': {
        const p = numbers(2);
        if (!p) return invalid(io, 'tap');
        device.tap(Math.round(p[0]!), Math.round(p[1]!));
        return 0;
      }
      case 'swipe':
      case 'draganddrop': {
        const p = numbers(4);
        if (!p) return invalid(io, command);
        const [x1, y1, x2, y2] = p.map(Math.round) as [number, number, number, number];
        // A swipe that does not move is a tap (or a long press), as on a touchscreen.
        if (Math.abs(x2 - x1) < 10 && Math.abs(y2 - y1) < 10) device.tap(x1, y1);
        else device.swipe(x1, y1, x2, y2);
        return 0;
      }
      case 'text':
        if (rest[0] === undefined) return invalid(io, 'text');
        device.typeText(decodeInputText(rest[0]));
        return 0;
      case 'keyevent':
      case 'keycombination':
        return keyevent(
          device,
          io,
          rest.filter((a, i) => !a.startsWith('--') && rest[i - 1] !== '--delay'),
        );
      case 'press':
      case 'roll':
      case 'motionevent':
      case 'scroll':
        return 0;
      default:
        io.err(`Error: Unknown command: ${command ?? ''}\nUsage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n`);
        return 1;
    }
  };
}

function keyevent(device: VirtualDevice, io: CommandIo, keys: string[]): number {
  if (keys.length === 0) return invalid(io, 'keyevent');
  for (const key of keys) {
    const name = keyName(key);
    if (!name) {
      io.err(`Error: Unknown keycode: ${key}\n`);
      return 1;
    }
    const char = keyChar(name);
    if (char !== null) device.typeText(char);
    else device.pressKey(name);
  }
  return 0;
}

function invalid(io: CommandIo, command: string): number {
  io.err(`Error: Invalid arguments for command: ${command}\n`);
  return 1;
}
