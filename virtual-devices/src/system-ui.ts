/**
 * What the device shows besides the sample app: the status bar (com.android.systemui,
 * whose clock is the only text that changes with time; screen fingerprints ignore that
 * package), the home screen (launcher) listing installed apps, and a placeholder
 * activity for installed packages that have no scripted behaviour.
 */
import { node, SCREEN_HEIGHT, SCREEN_WIDTH, STATUS_BAR_HEIGHT, type UiNode, type UiWindow } from './ui-tree.js';
import type { AppContext, KeyResult, LaunchIntent, VirtualApp } from './virtual-app.js';

export const SYSTEM_UI_PACKAGE = 'com.android.systemui';
export const LAUNCHER_PACKAGE = 'com.google.android.apps.nexuslauncher';
export const LAUNCHER_ACTIVITY = `${LAUNCHER_PACKAGE}.NexusLauncherActivity`;

export function statusBarWindow(nowMs: number): UiWindow {
  const date = new Date(nowMs);
  const clock = `${date.getUTCHours()}:${String(date.getUTCMinutes()).padStart(2, '0')}`; // persist.sys.timezone is UTC
  const bar: [number, number, number, number] = [0, 0, SCREEN_WIDTH, STATUS_BAR_HEIGHT];
  const sys = (name: string) => `${SYSTEM_UI_PACKAGE}:id/${name}`;
  return {
    packageName: SYSTEM_UI_PACKAGE,
    root: node('android.widget.FrameLayout', bar, {
      children: [
        node('android.widget.FrameLayout', bar, {
          resourceId: sys('status_bar'),
          children: [
            node('android.widget.TextView', [42, 0, 150, STATUS_BAR_HEIGHT], { resourceId: sys('clock'), text: clock }),
            node('android.widget.LinearLayout', [880, 0, 1038, STATUS_BAR_HEIGHT], {
              resourceId: sys('system_icons'),
              children: [
                node('android.widget.ImageView', [980, 10, 1038, 53], { resourceId: sys('battery'), contentDesc: 'Battery 100 percent.' }),
              ],
            }),
          ],
        }),
      ],
    }),
  };
}

export interface LauncherEntry {
  packageName: string;
  label: string;
}

/** The home screen: a grid of installed apps; tapping one asks the device to launch it. */
export class LauncherApp implements VirtualApp {
  readonly packageName = LAUNCHER_PACKAGE;
  readonly activity = LAUNCHER_ACTIVITY;

  constructor(
    private readonly apps: () => LauncherEntry[],
    private readonly launch: (packageName: string) => void,
  ) {}

  windows(): UiWindow[] {
    const icons: UiNode[] = this.apps()
      .slice(0, 20)
      .map((app, i) => {
        const left = 40 + (i % 4) * 250;
        const top = 300 + Math.floor(i / 4) * 330;
        return node('android.widget.TextView', [left, top, left + 250, top + 300], {
          text: app.label,
          contentDesc: app.label,
          action: `launch:${app.packageName}`,
        });
      });
    const full: [number, number, number, number] = [0, 0, SCREEN_WIDTH, SCREEN_HEIGHT];
    const workspace = node('android.view.ViewGroup', [0, STATUS_BAR_HEIGHT, SCREEN_WIDTH, SCREEN_HEIGHT], {
      resourceId: `${LAUNCHER_PACKAGE}:id/workspace`,
      scrollable: false,
      children: icons,
    });
    return [{ packageName: LAUNCHER_PACKAGE, root: node('android.widget.FrameLayout', full, { children: [workspace] }) }];
  }

  perform(action: string): void {
    if (action.startsWith('launch:')) this.launch(action.slice('launch:'.length));
  }

  typeText(): void {}

  key(): KeyResult {
    return 'ignored';
  }

  swipe(): void {}
}

/**
 * Any installed package without scripted behaviour: one screen with its label, and the
 * intent's data (a browser's URL) in an address bar. New intents replace the data.
 */
export class PlaceholderApp implements VirtualApp {
  readonly packageName: string;
  readonly activity: string;
  private data: string | null;

  constructor(private readonly context: AppContext) {
    this.packageName = context.packageName;
    this.activity = context.intent.activity;
    this.data = context.intent.data;
  }

  newIntent(intent: LaunchIntent): void {
    if (intent.data) this.data = intent.data;
  }

  windows(): UiWindow[] {
    const children = [node('android.widget.TextView', [42, 100, 1038, 175], { text: this.context.label })];
    if (this.data)
      children.push(
        node('android.widget.EditText', [42, 200, 1038, 320], {
          text: this.data,
          resourceId: `${this.packageName}:id/url_bar`,
          action: 'noop',
        }),
      );
    children.push(node('android.widget.TextView', [42, 1100, 1038, 1180], { text: `Hello from ${this.packageName}` }));
    const content = node('android.widget.FrameLayout', [0, STATUS_BAR_HEIGHT, SCREEN_WIDTH, SCREEN_HEIGHT], {
      resourceId: 'android:id/content',
      children,
    });
    return [
      {
        packageName: this.packageName,
        root: node('android.widget.FrameLayout', [0, 0, SCREEN_WIDTH, SCREEN_HEIGHT], { children: [content] }),
      },
    ];
  }

  perform(): void {}

  typeText(): void {}

  key(name: string): KeyResult {
    return name === 'BACK' ? 'exit' : 'ignored';
  }

  swipe(): void {}
}

export const KEYBOARD_PACKAGE = 'com.google.android.inputmethod.latin';
/** Where the soft keyboard sits: the bottom 46% of the screen, as Gboard on a 1080x2400 phone. */
export const KEYBOARD_TOP = 1290;

/** The soft keyboard's window: it takes every touch on it (keys), so whatever lies under it cannot be tapped. */
export function keyboardWindow(): UiWindow {
  return {
    packageName: KEYBOARD_PACKAGE,
    root: node('android.widget.FrameLayout', [0, KEYBOARD_TOP, SCREEN_WIDTH, SCREEN_HEIGHT], {
      resourceId: `${KEYBOARD_PACKAGE}:id/keyboard_holder`,
      clickable: true,
    }),
  };
}

/** Dialogs the system shows over any app: a runtime permission prompt, or "App isn't responding". */
export type SystemDialogKind = 'permission' | 'anr';

/** Taps on a system dialog's buttons come back to the device as these actions. */
export const SYSTEM_DIALOG_ACTION = { allow: 'system:allow', deny: 'system:deny', close: 'system:close_app', wait: 'system:wait' } as const;

/** The dialog window, over `appLabel`'s: permissioncontroller's prompt or the framework's ANR dialog (their real ids). */
export function systemDialogWindow(kind: SystemDialogKind, appLabel: string): UiWindow {
  const box: [number, number, number, number] = [60, 900, SCREEN_WIDTH - 60, 1500];
  if (kind === 'permission') {
    const pkg = 'com.android.permissioncontroller';
    const id = (n: string) => `${pkg}:id/${n}`;
    return {
      packageName: pkg,
      dimBehind: true,
      root: node('android.widget.FrameLayout', box, {
        resourceId: id('grant_dialog'),
        children: [
          node('android.widget.TextView', [100, 960, SCREEN_WIDTH - 100, 1140], {
            resourceId: id('permission_message'),
            text: `Allow ${appLabel} to send you notifications?`,
          }),
          node('android.widget.Button', [100, 1180, SCREEN_WIDTH - 100, 1300], {
            resourceId: id('permission_allow_button'),
            text: 'Allow',
            clickable: true,
            action: SYSTEM_DIALOG_ACTION.allow,
          }),
          node('android.widget.Button', [100, 1320, SCREEN_WIDTH - 100, 1440], {
            resourceId: id('permission_deny_button'),
            text: "Don't allow",
            clickable: true,
            action: SYSTEM_DIALOG_ACTION.deny,
          }),
        ],
      }),
    };
  }
  return {
    packageName: 'android',
    dimBehind: true,
    root: node('android.widget.FrameLayout', box, {
      children: [
        node('android.widget.TextView', [100, 960, SCREEN_WIDTH - 100, 1140], {
          resourceId: 'android:id/alertTitle',
          text: `${appLabel} isn't responding`,
        }),
        node('android.widget.Button', [100, 1180, SCREEN_WIDTH - 100, 1300], {
          resourceId: 'android:id/aerr_close',
          text: 'Close app',
          clickable: true,
          action: SYSTEM_DIALOG_ACTION.close,
        }),
        node('android.widget.Button', [100, 1320, SCREEN_WIDTH - 100, 1440], {
          resourceId: 'android:id/aerr_wait',
          text: 'Wait',
          clickable: true,
          action: SYSTEM_DIALOG_ACTION.wait,
        }),
      ],
    }),
  };
}
