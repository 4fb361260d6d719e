/**
 * The contract between the virtual device and the apps it runs (the sample app, the
 * launcher, a placeholder for any other installed package). The device owns input
 * dispatch and hit-testing; apps own their state and their windows.
 */
import type { AppNetwork } from './device-network.js';
import type { UiWindow } from './ui-tree.js';

export type ExtraValue = string | number | boolean | null;

/** An `am start` intent, parsed. */
export interface LaunchIntent {
  packageName: string;
  /** Fully qualified activity class. */
  activity: string;
  action: string | null;
  data: string | null;
  categories: string[];
  extras: Record<string, ExtraValue>;
}

export interface AppContext {
  packageName: string;
  label: string;
  /** The app's private data (SharedPreferences): survives force-stop, wiped by `pm clear`. */
  data: Map<string, string>;
  intent: LaunchIntent;
  /** HTTP as the device allows it (absent in tests that build an app without a device). */
  network?: AppNetwork;
  /** android.util.Log from the app's process (absent in tests that build an app without a device). */
  log?: (level: 'V' | 'D' | 'I' | 'W' | 'E', tag: string, message: string) => void;
}

/**
 * An uncaught exception on the app's main thread: thrown by an app (its constructor is
 * onCreate), the device logs the FATAL EXCEPTION block and the process dies.
 */
export class AppCrash extends Error {
  constructor(
    /** e.g. java.lang.IllegalStateException */
    readonly exceptionClass: string,
    message: string,
    /** Stack frames, innermost first, as "at Class.method(File.java:N)" without "at ". */
    readonly frames: readonly string[],
  ) {
    super(message);
    this.name = 'AppCrash';
  }
}

/** What a key press or back press did, when the app is the foreground. */
export type KeyResult = 'handled' | 'ignored' | 'exit';

export interface VirtualApp {
  readonly packageName: string;
  /** Fully qualified class of the resumed activity. */
  readonly activity: string;
  /** The app's windows, bottom to top (an activity, then dialogs). */
  windows(): UiWindow[];
  /** Runs the action of a tapped node (see UiNode.action). */
  perform(action: string): void;
  typeText(text: string): void;
  /** Android KEYCODE_* name without the prefix: BACK, ENTER, DEL, TAB, ... */
  key(name: string): KeyResult;
  swipe(x1: number, y1: number, x2: number, y2: number): void;
  /** A new intent for a running app (singleTop/singleTask, like a browser opening a link); absent = ignored. */
  newIntent?(intent: LaunchIntent): void;
}

export type AppFactory = (context: AppContext) => VirtualApp;
