import { Adb, type Client, type DeviceClient } from '@devicefarmer/adbkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startVirtualAdbServer, type VirtualAdbServer } from './adb-server.js';
import { LOGIN_ERROR, SAMPLE_EMAIL, SAMPLE_PACKAGE, SAMPLE_PASSWORD } from './sample-app.js';
import { center, type DumpNode, find, inputTextCommand, screen, shellText, tapOn, texts } from './test-support.js';

const COMPONENT = `${SAMPLE_PACKAGE}/.MainActivity`;
const has = (nodes: DumpNode[], id: string) => nodes.some((n) => n.resourceId.endsWith(`:id/${id}`));
const rows = (nodes: DumpNode[]) => nodes.filter((n) => n.resourceId.endsWith(':id/product_name')).map((n) => n.text);

describe('sample app driven through adbkit', () => {
  let server: VirtualAdbServer;
  let client: Client;
  let device: DeviceClient;

  const errors: unknown[] = [];

  beforeAll(async () => {
    server = await startVirtualAdbServer({ devices: 1, deviceDefaults: { sampleInstalled: true }, onError: (err) => errors.push(err) });
    client = Adb.createClient({ host: server.host, port: server.port });
    device = client.getDevice('virtual-1');
  });
  afterAll(async () => {
    await server.close();
    expect(errors).toEqual([]);
  });

  /** A fresh app: data cleared (which also stops it), then a cold start. */
  beforeEach(async () => {
    expect(await device.clear(SAMPLE_PACKAGE)).toBe(true);
    expect(await device.startActivity({ component: COMPONENT, wait: true })).toBe(true);
  });

  async function typeInto(id: string, text: string): Promise<DumpNode[]> {
    await tapOn(device, { id });
    await shellText(device, inputTextCommand(text));
    return screen(device);
  }

  async function logIn(email = SAMPLE_EMAIL, password = SAMPLE_PASSWORD): Promise<DumpNode[]> {
    await typeInto('email', email);
    await typeInto('password', password);
    return tapOn(device, { text: 'Log in' });
  }

  it('starts on the login screen with hinted fields, a password field and realistic ids', async () => {
    const nodes = await screen(device);
    expect(texts(nodes)).toEqual(['Welcome back', 'Sign in to continue', 'Email', 'Password', 'Log in', 'Forgot password?']);
    expect(find(nodes, { id: 'email' })).toMatchObject({
      className: 'android.widget.EditText',
      resourceId: 'com.devicelab.sample:id/email',
      hint: 'Email',
      clickable: true,
      password: false,
      focused: false,
    });
    expect(find(nodes, { id: 'password' })).toMatchObject({ password: true, hint: 'Password', bounds: [84, 1030, 996, 1180] });
    expect(find(nodes, { text: 'Log in' })).toMatchObject({
      className: 'android.widget.Button',
      resourceId: 'com.devicelab.sample:id/login_button',
      clickable: true,
    });
    expect(find(nodes, { text: 'Forgot password?' })).toMatchObject({ className: 'android.widget.TextView', clickable: true });
    expect(nodes[0]).toMatchObject({ className: 'android.widget.FrameLayout', packageName: SAMPLE_PACKAGE, bounds: [0, 0, 1080, 2400] });
    // The status bar is the only part that changes with time, under com.android.systemui.
    expect(find(nodes, { id: 'clock' }).packageName).toBe('com.android.systemui');
    expect(find(nodes, { id: 'clock' }).text).toMatch(/^\d{1,2}:\d{2}$/);
    expect(await shellText(device, 'dumpsys activity activities | grep mResumedActivity')).toBe(
      `    mResumedActivity: ActivityRecord{5b2e9f1 u0 ${COMPONENT} t12}\n`,
    );
  });

  it('dumps to a file with the real tool message, and the file can be read back', async () => {
    expect(await shellText(device, 'uiautomator dump')).toBe('UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const xml = await shellText(device, 'cat /sdcard/window_dump.xml');
    expect(
      xml.startsWith(
        `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="${SAMPLE_PACKAGE}" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][1080,2400]">`,
      ),
    ).toBe(true);
    expect(xml.endsWith('</hierarchy>')).toBe(true);
    expect(await shellText(device, 'uiautomator dump /dev/tty')).toBe(`${xml}UI hierchary dumped to: /dev/tty\n`);
  });

  it('logs in with taps and input text, and shows the product list', async () => {
    const focused = await typeInto('email', SAMPLE_EMAIL);
    expect(find(focused, { id: 'email' })).toMatchObject({ text: SAMPLE_EMAIL, focused: true });
    const typed = await typeInto('password', SAMPLE_PASSWORD);
    // Passwords are reported as bullets, never as their text.
    expect(find(typed, { id: 'password' }).text).toBe('••••••');
    expect(find(typed, { id: 'email' }).focused).toBe(false);
    const list = await tapOn(device, { text: 'Log in' });
    expect(find(list, { id: 'toolbar_title' }).text).toBe('Products');
    expect(texts(list).slice(1, 7)).toEqual(['Product 1', '$4.99', 'Product 2', '$9.99', 'Product 3', '$14.99']);
    expect(find(list, { id: 'product_list' }).scrollable).toBe(true);
    expect(find(list, { desc: 'Home' }).selected).toBe(true);
    expect(rows(list)).toEqual([
      'Product 1',
      'Product 2',
      'Product 3',
      'Product 4',
      'Product 5',
      'Product 6',
      'Product 7',
      'Product 8',
      'Product 9',
    ]);
  });

  it('shows "Invalid email or password" for a wrong password, and accepts the right one after', async () => {
    const failed = await logIn(SAMPLE_EMAIL, 'wrong');
    expect(find(failed, { id: 'error' }).text).toBe(LOGIN_ERROR);
    expect(has(failed, 'toolbar_title')).toBe(false);
    // Fix the password: focus the field, delete its 5 characters (names and codes), retype, submit with ENTER.
    await tapOn(device, { id: 'password' });
    await shellText(device, 'input keyevent KEYCODE_DEL KEYCODE_DEL 67 67 DEL');
    expect(find(await screen(device), { id: 'password' }).text).toBe('Password');
    await shellText(device, `input text ${SAMPLE_PASSWORD} && input keyevent KEYCODE_ENTER`);
    expect(find(await screen(device), { id: 'toolbar_title' }).text).toBe('Products');
  });

  it('takes credentials and launch parameters from startActivity extras', async () => {
    // The app is running; a cold start is needed for it to receive the new intent's extras.
    await shellText(device, `am force-stop ${SAMPLE_PACKAGE}`);
    expect(
      await device.startActivity({
        component: COMPONENT,
        extras: { email: 'qa@example.com', password: 'pa ss', env: 'staging', retries: 3 },
      }),
    ).toBe(true);
    expect(server.getDevice('virtual-1')!.launchExtras.get(SAMPLE_PACKAGE)).toEqual({
      email: 'qa@example.com',
      password: 'pa ss',
      env: 'staging',
      retries: 3,
    });
    expect(find(await logIn(SAMPLE_EMAIL, SAMPLE_PASSWORD), { id: 'error' }).text).toBe(LOGIN_ERROR);

    const started = await shellText(
      device,
      `am start -S -W -n ${COMPONENT} --es email qa@example.com --es password 'pa ss' --es env staging --ei retries 3`,
    );
    expect(started).toBe(
      `Starting: Intent { cmp=${COMPONENT} (has extras) }\nStatus: ok\nLaunchState: COLD\nActivity: ${COMPONENT}\nTotalTime: 412\nWaitTime: 418\nComplete\n`,
    );
    expect(find(await logIn('qa@example.com', 'pa ss'), { id: 'toolbar_title' }).text).toBe('Products');
    const profile = await tapOn(device, { desc: 'Profile' });
    expect(find(profile, { id: 'profile_email' }).text).toBe('Signed in as qa@example.com');
    expect(profile.filter((n) => n.resourceId.endsWith(':id/launch_param')).map((n) => n.text)).toEqual([
      'email = qa@example.com',
      'env = staging',
      'password = ••••',
      'retries = 3',
    ]);
  });

  it('navigates by tapping a link, and back with the key or the toolbar button', async () => {
    const forgot = await tapOn(device, { text: 'Forgot password?' });
    expect(find(forgot, { id: 'toolbar_title' }).text).toBe('Reset password');
    await typeInto('reset_email', 'ann@example.com');
    expect(find(await tapOn(device, { text: 'Send reset link' }), { id: 'reset_status' }).text).toBe('Reset link sent to ann@example.com');
    await shellText(device, 'input keyevent KEYCODE_BACK');
    expect(texts(await screen(device))[0]).toBe('Welcome back');
    await tapOn(device, { text: 'Forgot password?' });
    expect(texts(await tapOn(device, { desc: 'Navigate up' }))[0]).toBe('Welcome back');
  });

  it('scrolls the product list with swipes, clipping rows to the list bounds', async () => {
    await logIn();
    await shellText(device, 'input swipe 540 1800 540 1100 300'); // drag up by 700 px
    let list = await screen(device);
    // Rows are 240 px: row 3 peeks 20 px out at the top (its texts are hidden), row 12 has not reached its text yet.
    expect(rows(list)).toEqual(['Product 4', 'Product 5', 'Product 6', 'Product 7', 'Product 8', 'Product 9', 'Product 10', 'Product 11']);
    const firstRow = list.find((n) => n.resourceId.endsWith(':id/product_row'))!;
    expect(firstRow.bounds).toEqual([0, 210, 1080, 230]);
    await shellText(device, 'input swipe 540 2000 540 300'); // past the end: clamps at 900 px
    list = await screen(device);
    expect(rows(list)[rows(list).length - 1]).toBe('Product 12');
    expect(find(list, { text: 'Product 12' }).bounds[3]).toBeLessThanOrEqual(2190);
    await shellText(device, 'input swipe 540 400 540 2100');
    expect(rows(await screen(device))[0]).toBe('Product 1');
  });

  it('opens a product, adds it to the cart through a dialog, and goes back', async () => {
    await logIn();
    const detail = await tapOn(device, { text: 'Product 3' });
    expect(find(detail, { id: 'toolbar_title' }).text).toBe('Product 3');
    expect(find(detail, { id: 'product_price' }).text).toBe('$14.99');
    const dialog = await tapOn(device, { text: 'Add to cart' });
    // uiautomator dumps the focused window: the dialog alone, plus the status bar.
    expect(texts(dialog)).toEqual(['Added to cart', 'Product 3 was added to your cart.', 'OK']);
    expect(find(dialog, { text: 'OK' }).resourceId).toBe('android:id/button1');
    expect(find(await tapOn(device, { text: 'OK' }), { id: 'add_to_cart' }).text).toBe('Add to cart');
    // A second add, dismissed by tapping outside the dialog.
    await tapOn(device, { text: 'Add to cart' });
    await shellText(device, 'input tap 540 300');
    expect(has(await screen(device), 'add_to_cart')).toBe(true);
    await shellText(device, 'input keyevent 4');
    const list = await screen(device);
    expect(find(list, { id: 'toolbar_title' }).text).toBe('Products');
    expect(find(list, { id: 'cart' }).contentDesc).toBe('Cart, 2 items');
  });

  it('searches with typed text (%s for spaces) and switches tabs', async () => {
    await logIn();
    await tapOn(device, { desc: 'Search' });
    await tapOn(device, { id: 'search' });
    await shellText(device, 'input text Product%s1');
    const results = await screen(device);
    expect(find(results, { id: 'search' }).text).toBe('Product 1');
    expect(rows(results)).toEqual(['Product 1', 'Product 10', 'Product 11', 'Product 12']);
    await shellText(device, "input text 'x'");
    expect(find(await screen(device), { id: 'search_empty' }).text).toBe('No products match "Product 1x"');
    expect(find(await tapOn(device, { desc: 'Home' }), { id: 'toolbar_title' }).text).toBe('Products');
  });

  it('keeps state when backgrounded, keeps the session across restarts, and pm clear logs out', async () => {
    await logIn();
    await tapOn(device, { text: 'Product 2' });
    await shellText(device, 'input keyevent KEYCODE_BACK && input keyevent KEYCODE_BACK'); // detail → list → background
    const home = await screen(device);
    expect(home[0]!.packageName).toBe('com.google.android.apps.nexuslauncher');
    expect(find(home, { text: 'DeviceLab Sample' }).clickable).toBe(true);
    // Relaunching a running app only brings its task to the front.
    expect(await shellText(device, `am start -n ${COMPONENT}`)).toBe(
      `Starting: Intent { cmp=${COMPONENT} }\nWarning: Activity not started, its current task has been brought to the front\n`,
    );
    expect(find(await screen(device), { id: 'toolbar_title' }).text).toBe('Products');
    // A cold start (here from the launcher icon) skips the login: the session is in app data.
    await shellText(device, `am force-stop ${SAMPLE_PACKAGE} && input keyevent HOME`);
    expect(find(await tapOn(device, { text: 'DeviceLab Sample' }), { id: 'toolbar_title' }).text).toBe('Products');
    expect(await shellText(device, `pm clear ${SAMPLE_PACKAGE}`)).toBe('Success\n');
    expect(await shellText(device, `monkey -p ${SAMPLE_PACKAGE} -c android.intent.category.LAUNCHER 1`)).toContain('Events injected: 1');
    expect(texts(await screen(device))[0]).toBe('Welcome back');
  });

  it('returns a valid PNG from screencap that changes with the screen, at the size wm size reports', async () => {
    const login = await Adb.util.readAll(await device.screencap());
    expect(login.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(login.toString('ascii', 12, 16)).toBe('IHDR');
    expect([login.readUInt32BE(16), login.readUInt32BE(20), login[24], login[25]]).toEqual([1080, 2400, 8, 2]);
    const [x, y] = center(find(await screen(device), { id: 'email' }));
    await shellText(device, `input tap ${x} ${y}`);
    const focused = await Adb.util.readAll(await device.screencap());
    expect(focused.equals(login)).toBe(false);
  });

  it('resolves launcher activities and opens links in the browser', async () => {
    const resolve = `cmd package resolve-activity --brief -a android.intent.action.MAIN -c android.intent.category.LAUNCHER`;
    expect(await shellText(device, `${resolve} ${SAMPLE_PACKAGE}`)).toBe(
      `priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\n${COMPONENT}\n`,
    );
    expect(await shellText(device, `${resolve} com.example.none`)).toBe('No activity found\n');
    const url = 'https://devicelab.dev/docs?a=1&b=2';
    expect(await shellText(device, `am start -W -a android.intent.action.VIEW -d '${url}'`)).toContain(
      `Starting: Intent { act=android.intent.action.VIEW dat=${url} cmp=com.android.chrome/com.google.android.apps.chrome.Main }\nStatus: ok`,
    );
    expect(find(await screen(device), { id: 'url_bar' })).toMatchObject({ text: url, packageName: 'com.android.chrome' });
    // A running browser takes the next link itself.
    expect(await shellText(device, 'am start -a android.intent.action.VIEW -d https://example.com/2')).toContain(
      'intent has been delivered to currently running top-most instance.',
    );
    expect(find(await screen(device), { id: 'url_bar' }).text).toBe('https://example.com/2');
    expect(await shellText(device, 'am start -W -a android.intent.action.VIEW -d myapp://x')).toContain(
      'Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=myapp://x }',
    );
  });

  it('reports failed launches the way am does', async () => {
    await expect(device.startActivity({ component: 'com.example.missing/.Main' })).rejects.toThrow(
      'Activity class {com.example.missing/com.example.missing.Main} does not exist.',
    );
    await expect(device.startActivity({ component: `${SAMPLE_PACKAGE}/.Nope` })).rejects.toThrow(
      `Activity class {${SAMPLE_PACKAGE}/${SAMPLE_PACKAGE}.Nope} does not exist.`,
    );
    expect(await shellText(device, 'monkey -p com.example.missing 1')).toBe(
      '  bash arg: -p\n  bash arg: com.example.missing\n  bash arg: 1\n** No activities found to run, monkey aborted.\n',
    );
  });
});

describe('virtual device shell', () => {
  let server: VirtualAdbServer;
  let device: DeviceClient;

  beforeAll(async () => {
    server = await startVirtualAdbServer({ devices: [{ serial: 'slow-1', dumpDelayMs: 150 }] });
    device = Adb.createClient({ host: server.host, port: server.port }).getDevice('slow-1');
  });
  afterAll(() => server.close());

  it('prints what mksh prints for unknown commands and syntax errors', async () => {
    expect(await shellText(device, 'frobnicate --now')).toBe('/system/bin/sh: frobnicate: inaccessible or not found\n');
    expect(await shellText(device, 'frobnicate 2>/dev/null || echo fallback')).toBe('fallback\n');
    expect(await shellText(device, 'echo (x')).toBe("/system/bin/sh: syntax error: '(' unexpected\n");
  });

  it('supports pipes, redirections, variables and getprop forms adbkit uses', async () => {
    expect(await shellText(device, 'getprop | grep -c ro.product.model')).toBe('1\n');
    expect(await shellText(device, 'echo one > /sdcard/n.txt; echo two >> /sdcard/n.txt; cat /sdcard/n.txt | tail -n 1')).toBe('two\n');
    expect(await shellText(device, 'touch /system/x')).toBe("touch: '/system/x': Read-only file system\n");
    expect(await shellText(device, 'settings put global window_animation_scale 0 && settings get global window_animation_scale')).toBe(
      '0\n',
    );
    expect(await shellText(device, 'wm size && getprop ro.build.version.sdk')).toBe('Physical size: 1080x2400\n34\n');
  });

  it('ends the endless boot-completed loop adbkit sends once the client has seen "1"', async () => {
    expect(await device.waitBootComplete()).toBe(true);
  });

  it('delays uiautomator dump by dumpDelayMs', async () => {
    const started = Date.now();
    const out = await shellText(device, 'uiautomator dump /dev/tty');
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(out.endsWith('UI hierchary dumped to: /dev/tty\n')).toBe(true);
  });

  it('records the screen until the time limit or pkill, writing an animated GIF of what it showed', async () => {
    const recording = shellText(device, 'screenrecord --time-limit 30 /sdcard/rec.mp4');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await shellText(device, 'pidof screenrecord')).toBe('4711\n');
    expect(await shellText(device, 'pkill -INT screenrecord; echo $?')).toBe('0\n');
    expect(await recording).toBe('');
    const gif = await Adb.util.readAll(await device.shell('cat /sdcard/rec.mp4'));
    expect(gif.subarray(0, 6).toString('ascii')).toBe('GIF89a');
    expect([gif.readUInt16LE(6), gif.readUInt16LE(8)]).toEqual([270, 600]);
    expect(gif[gif.length - 1]).toBe(0x3b); // the trailer: the file is complete
  });
});
