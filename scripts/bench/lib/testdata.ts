/**
 * Realistic test definitions for the benchmarks, deterministic (seeded): 3–6 commands
 * mixing Maestro-like steps and natural language, 1–3 tags, some pre/teardown requests,
 * launch params and test inputs. Every optional field is spelled out with the value the
 * API would default it to, so the same object is a valid POST /tests body and a complete
 * row for the insertTest query.
 */
export interface BenchTest {
  title: string;
  commands: string[];
  tags: string[];
  folderId?: string;
  autoGenerate: boolean;
  preRequests: Array<{ curlCommand: string; delayBeforeRequest: number; throughTunnel: boolean; valuesToRemember: string[] }>;
  teardownRequests: Array<{ curlCommand: string; runOn: 'always' | 'success' | 'failure'; throughTunnel: boolean }>;
  launchParams: Array<{ key: string; value: string }>;
  testInputs: Array<{ key: string; defaultValue: string }>;
}

/** mulberry32: a tiny seeded PRNG, so every run seeds the same library. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FLOWS = [
  'Login',
  'Checkout',
  'Sign up',
  'Search',
  'Profile edit',
  'Password reset',
  'Add to cart',
  'Onboarding',
  'Settings',
  'Notifications',
  'Payment with saved card',
  'Order history',
  'Logout',
  'Wishlist',
  'Share link',
];
const SCREENS = ['Home', 'Cart', 'Checkout', 'Profile', 'Settings', 'Search results', 'Order summary', 'Welcome'];
const BUTTONS = ['Continue', 'Login', 'Sign up', 'Pay now', 'Add to cart', 'Save', 'Next', 'Done', 'Allow', 'Search'];
const FIELDS = ['Email', 'Password', 'Card number', 'Search', 'First name', 'Postcode', 'Phone'];
const TAGS = [
  'smoke',
  'regression',
  'nightly',
  'checkout',
  'login',
  'payments',
  'onboarding',
  'search',
  'profile',
  'critical',
  'android-only',
  'ios-only',
  'flaky',
  'release',
];

export function makeTest(random: () => number, folderIds: readonly string[], n: number): BenchTest {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
  const flow = pick(FLOWS);
  const steps = [
    () => `tapOn: "${pick(FIELDS)}"`,
    () => `type: "{{${pick(['email', 'password', 'query', 'name'])}}}"`,
    () => `Tap the ${pick(BUTTONS)} button`,
    () => `assertVisible: "${pick(SCREENS)}"`,
    () => `Scroll down until "${pick(BUTTONS)}" is visible, then tap it`,
    () => `Check that the ${pick(SCREENS)} screen shows the user's name and a total of 12.99`,
    () => `swipe: { direction: "LEFT" }`,
    () => `Wait until the spinner disappears (at most 10 seconds)`,
    () => `back`,
  ];
  const commandCount = 3 + Math.floor(random() * 4); // 3..6
  const commands = Array.from({ length: commandCount }, () => pick(steps)());
  const tags = [...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(TAGS)))]; // 1..3
  const test: BenchTest = {
    title: `${flow} #${n}: ${pick(['happy path', 'invalid input', 'slow network', 'returning user', 'first run'])}`,
    commands,
    tags,
    autoGenerate: random() < 0.85,
    preRequests: [],
    teardownRequests: [],
    launchParams: [],
    testInputs: [],
  };
  if (folderIds.length > 0 && random() < 0.6) test.folderId = pick(folderIds);
  if (random() < 0.25) {
    test.preRequests.push({
      curlCommand: `curl -X POST https://api.internal.example/seed -H 'Content-Type: application/json' -d '{"user":"u${n}"}'`,
      delayBeforeRequest: 0,
      throughTunnel: false,
      valuesToRemember: ['data.token'],
    });
  }
  if (random() < 0.15) {
    test.teardownRequests.push({
      curlCommand: `curl -X DELETE https://api.internal.example/seed/u${n}`,
      runOn: 'always',
      throughTunnel: false,
    });
  }
  if (random() < 0.3) test.launchParams.push({ key: 'env', value: pick(['staging', 'qa', 'production']) });
  if (random() < 0.4) test.testInputs.push({ key: 'email', defaultValue: `user${n}@example.com` });
  return test;
}
