/**
 * The scripted sample app (com.devicelab.sample): a small state machine of screens that
 * tests drive by taps, typing, swipes and back, like a user would.
 *
 *   LOGIN --(correct credentials)--> HOME (Products list) <--tabs--> SEARCH, PROFILE
 *     |  \--(wrong)--> LOGIN + "Invalid email or password"
 *     \--"Forgot password?"--> FORGOT
 *   HOME/SEARCH --row--> DETAIL --"Add to cart"--> DIALOG "Added to cart" --OK--> DETAIL
 *
 * Launched with the extra `crashOnLaunch=1` it throws in onCreate (a FATAL EXCEPTION in
 * the device log, the app gone). It logs its start, screens and logins under DeviceLabSample.
 *
 * Launched with the extra `fetchUrl`, it opens on a FETCH screen showing what GET of that
 * URL answered (sample-app-fetch.ts), through the device's network.
 *
 * Credentials are demo@devicelab.dev / secret unless launch extras `email`/`password`
 * override them. A successful login is remembered in app data (so a relaunch skips the
 * login, and `pm clear` brings it back), like a real session token.
 */

import { FETCH_EXTRA, startFetch } from './sample-app-fetch.js';
import {
  type FieldId,
  HOME_LIST,
  maxScroll,
  PRODUCTS,
  SAMPLE_ACTIVITY,
  SAMPLE_PACKAGE,
  type SampleView,
  SEARCH_LIST,
  sampleWindows,
  searchResults,
  type Tab,
} from './sample-app-screens.js';
import { contains } from './ui-tree.js';
import { type AppContext, AppCrash, type KeyResult, type VirtualApp } from './virtual-app.js';

export { PRODUCTS, SAMPLE_ACTIVITY, SAMPLE_PACKAGE } from './sample-app-screens.js';

export const SAMPLE_EMAIL = 'demo@devicelab.dev';
export const SAMPLE_PASSWORD = 'secret';
export const LOGIN_ERROR = 'Invalid email or password';

const SESSION_KEY = 'session_email';
/** The app's own log tag (`adb logcat -s DeviceLabSample`). */
export const SAMPLE_LOG_TAG = 'DeviceLabSample';
/** Launch parameter: with "1" the app throws in onCreate, so tests can prove crash reporting. */
export const CRASH_EXTRA = 'crashOnLaunch';

export class SampleApp implements VirtualApp {
  readonly packageName = SAMPLE_PACKAGE;
  readonly activity = SAMPLE_ACTIVITY;
  private readonly state: SampleView & { fields: Record<FieldId, string>; scroll: Record<'home' | 'search', number>; cart: number[] };
  private detailFrom: 'home' | 'search' = 'home';
  private readonly credentials: { email: string; password: string };

  constructor(private readonly context: AppContext) {
    const extras: Record<string, string> = {};
    for (const [key, value] of Object.entries(context.intent.extras)) extras[key] = value === null ? 'null' : String(value);
    this.credentials = { email: extras['email'] ?? SAMPLE_EMAIL, password: extras['password'] ?? SAMPLE_PASSWORD };
    const session = context.data.get(SESSION_KEY) ?? null;
    this.state = {
      screen: session ? 'home' : 'login',
      fields: { email: '', password: '', reset_email: '', search: '' },
      focus: null,
      loginError: null,
      resetStatus: null,
      scroll: { home: 0, search: 0 },
      productId: null,
      dialogProductId: null,
      cart: [],
      signedInAs: session,
      extras,
    };
    if (extras[CRASH_EXTRA] === '1' || extras[CRASH_EXTRA] === 'true') {
      this.log('I', `onCreate: ${CRASH_EXTRA}=${extras[CRASH_EXTRA]}, crashing as asked`);
      throw new AppCrash('java.lang.IllegalStateException', `Crash requested by launch parameter ${CRASH_EXTRA}`, [
        `${SAMPLE_ACTIVITY}.onCreate(MainActivity.kt:42)`,
        'android.app.Activity.performCreate(Activity.java:8595)',
        'android.app.Activity.performCreate(Activity.java:8573)',
        'android.app.Instrumentation.callActivityOnCreate(Instrumentation.java:1456)',
        'android.app.ActivityThread.performLaunchActivity(ActivityThread.java:3764)',
        'android.app.ActivityThread.handleLaunchActivity(ActivityThread.java:3922)',
        'android.os.Looper.loop(Looper.java:317)',
        'android.app.ActivityThread.main(ActivityThread.java:8592)',
      ]);
    }
    this.log('I', `onCreate: ${session ? `signed in as ${session}` : 'showing login'}`);
    const fetchUrl = extras[FETCH_EXTRA];
    if (fetchUrl) {
      this.state.screen = 'fetch';
      this.state.fetchResult = null;
      startFetch(context.network, fetchUrl, (text) => {
        this.state.fetchResult = text;
      });
    }
  }

  /** The current screen, for tests and logs. */
  get screen(): string {
    return this.state.dialogProductId !== null ? 'dialog' : this.state.screen;
  }

  windows() {
    return sampleWindows(this.state);
  }

  perform(action: string): void {
    const s = this.state;
    const [verb, arg = ''] = action.split(':', 2);
    switch (verb) {
      case 'focus':
        s.focus = arg as FieldId;
        return;
      case 'login':
        return this.logIn();
      case 'forgot':
        return this.show('forgot');
      case 'send_reset': {
        const email = s.fields.reset_email.trim();
        s.resetStatus = /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) ? `Reset link sent to ${email}` : 'Enter a valid email address';
        return;
      }
      case 'up':
        this.back();
        return;
      case 'tab':
        return this.show(arg as Tab);
      case 'open':
        this.detailFrom = s.screen === 'search' ? 'search' : 'home';
        s.productId = Number(arg);
        return this.show('detail');
      case 'add_to_cart':
        if (s.productId !== null) s.cart.push(s.productId);
        s.dialogProductId = s.productId;
        return;
      case 'dialog_ok':
      case 'dialog_cancel':
        s.dialogProductId = null;
        return;
      case 'logout':
        this.context.data.delete(SESSION_KEY);
        s.signedInAs = null;
        s.fields.password = '';
        s.cart = [];
        s.loginError = null;
        return this.show('login');
    }
  }

  typeText(text: string): void {
    const field = this.state.focus;
    if (!field) return;
    this.state.fields[field] += text;
    if (field === 'search') this.state.scroll.search = 0;
  }

  key(name: string): KeyResult {
    const s = this.state;
    const field = s.focus;
    switch (name) {
      case 'BACK':
        return this.back() ? 'handled' : 'exit';
      case 'DEL':
        if (!field) return 'ignored';
        s.fields[field] = [...s.fields[field]].slice(0, -1).join('');
        return 'handled';
      case 'TAB':
        if (field === 'email') s.focus = 'password';
        return field === 'email' ? 'handled' : 'ignored';
      case 'ENTER':
        // IME actions: "next" on the email field, "done" (submit) on the password field.
        if (field === 'email') s.focus = 'password';
        else if (field === 'password') this.logIn();
        else if (field === 'reset_email') this.perform('send_reset');
        else return 'ignored';
        return 'handled';
      default:
        return 'ignored';
    }
  }

  swipe(x1: number, y1: number, _x2: number, y2: number): void {
    const s = this.state;
    if (s.dialogProductId !== null) return;
    // Dragging content up (y decreasing) scrolls the list down; no fling, so it is deterministic.
    const dy = y1 - y2;
    if (s.screen === 'home' && contains(HOME_LIST, x1, y1)) {
      s.scroll.home = clamp(s.scroll.home + dy, 0, maxScroll(PRODUCTS.length, HOME_LIST));
    } else if (s.screen === 'search' && contains(SEARCH_LIST, x1, y1)) {
      s.scroll.search = clamp(s.scroll.search + dy, 0, maxScroll(searchResults(s.fields.search).length, SEARCH_LIST));
    }
  }

  /** Back navigation; false when the app has nothing to go back to (the task moves to the background). */
  private back(): boolean {
    const s = this.state;
    if (s.dialogProductId !== null) {
      s.dialogProductId = null;
      return true;
    }
    if (s.screen === 'detail') this.show(this.detailFrom);
    else if (s.screen === 'forgot') this.show('login');
    else if (s.screen === 'search' || s.screen === 'profile') this.show('home');
    else return false;
    return true;
  }

  private logIn(): void {
    const s = this.state;
    const email = s.fields.email.trim();
    if (email.toLowerCase() === this.credentials.email.toLowerCase() && s.fields.password === this.credentials.password) {
      this.context.data.set(SESSION_KEY, email);
      s.signedInAs = email;
      s.loginError = null;
      s.fields.password = '';
      this.show('home');
      this.log('I', `Login succeeded for ${email}`);
    } else {
      s.loginError = LOGIN_ERROR;
      this.log('W', `Login failed for '${email}': ${LOGIN_ERROR}`);
    }
  }

  private log(level: 'D' | 'I' | 'W', message: string): void {
    this.context.log?.(level, SAMPLE_LOG_TAG, message);
  }

  private show(screen: SampleView['screen']): void {
    const s = this.state;
    if (s.screen !== screen) this.log('D', `Showing ${screen} screen`);
    s.screen = screen;
    s.focus = null;
    if (screen === 'forgot') s.resetStatus = null;
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function createSampleApp(context: AppContext): SampleApp {
  return new SampleApp(context);
}
