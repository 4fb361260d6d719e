/**
 * The sample app's screens as view trees, laid out like a Material app on a 1080x2400
 * phone: DecorView > LinearLayout > android:id/content > the screen's layout. Pure
 * functions of the app state, so the same state always dumps the same XML.
 */
import { fetchScreen } from './sample-app-fetch.js';
import { node, type Rect, shiftAndClip, type UiNode, type UiWindow } from './ui-tree.js';

export const SAMPLE_PACKAGE = 'com.devicelab.sample';
export const SAMPLE_ACTIVITY = `${SAMPLE_PACKAGE}.MainActivity`;

export type FieldId = 'email' | 'password' | 'reset_email' | 'search';
export type Tab = 'home' | 'search' | 'profile';
export type ScreenId = 'login' | 'forgot' | Tab | 'detail' | 'fetch';

export interface Product {
  id: number;
  name: string;
  price: string;
}

export const PRODUCTS: readonly Product[] = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  name: `Product ${i + 1}`,
  price: `$${(4.99 + 5 * i).toFixed(2)}`,
}));

/** What the screens read; the app owns and mutates the real state. */
export interface SampleView {
  screen: ScreenId;
  fields: Readonly<Record<FieldId, string>>;
  focus: FieldId | null;
  loginError: string | null;
  resetStatus: string | null;
  scroll: Readonly<Record<'home' | 'search', number>>;
  productId: number | null;
  dialogProductId: number | null;
  cart: readonly number[];
  signedInAs: string | null;
  extras: Readonly<Record<string, string>>;
  /** The fetch screen's answer (sample-app-fetch.ts); null while loading. */
  fetchResult?: string | null;
}

const id = (name: string) => `${SAMPLE_PACKAGE}:id/${name}`;
const TOOLBAR: Rect = [0, 63, 1080, 210];
const NAV_TOP = 2190;
export const ROW_HEIGHT = 240;
export const HOME_LIST: Rect = [0, 210, 1080, NAV_TOP];
export const SEARCH_LIST: Rect = [0, 400, 1080, NAV_TOP];

export function productById(productId: number | null): Product | undefined {
  return PRODUCTS.find((p) => p.id === productId);
}

export function searchResults(query: string): Product[] {
  const q = query.trim().toLowerCase();
  return q ? PRODUCTS.filter((p) => p.name.toLowerCase().includes(q)) : [];
}

/** How far a product list can scroll: content height minus viewport height. */
export function maxScroll(count: number, viewport: Rect): number {
  return Math.max(0, count * ROW_HEIGHT - (viewport[3] - viewport[1]));
}

export function sampleWindows(v: SampleView): UiWindow[] {
  const windows: UiWindow[] = [{ packageName: SAMPLE_PACKAGE, root: decor(screenLayout(v)) }];
  const product = productById(v.dialogProductId);
  if (product) windows.push(addedDialog(product));
  return windows;
}

function decor(content: UiNode): UiNode {
  const full: Rect = [0, 0, 1080, 2400];
  const below: Rect = [0, 63, 1080, 2400];
  return node('android.widget.FrameLayout', full, {
    children: [
      node('android.widget.LinearLayout', full, {
        children: [node('android.widget.FrameLayout', below, { resourceId: 'android:id/content', children: [content] })],
      }),
    ],
  });
}

function screenLayout(v: SampleView): UiNode {
  const body = (() => {
    switch (v.screen) {
      case 'login':
        return loginScreen(v);
      case 'forgot':
        return forgotScreen(v);
      case 'detail':
        return detailScreen(v);
      case 'search':
        return searchScreen(v);
      case 'profile':
        return profileScreen(v);
      case 'fetch':
        return fetchScreen(SAMPLE_PACKAGE, v.extras.fetchUrl ?? '', v.fetchResult ?? null, toolbar('Fetch', false));
      default:
        return homeScreen(v);
    }
  })();
  return node('androidx.constraintlayout.widget.ConstraintLayout', [0, 63, 1080, 2400], { children: body });
}

function editText(field: FieldId, hint: string, bounds: Rect, v: SampleView, extra: Partial<UiNode> = {}): UiNode {
  return node('android.widget.EditText', bounds, {
    resourceId: id(field),
    text: v.fields[field],
    hint,
    focused: v.focus === field,
    focusable: true,
    longClickable: true,
    action: `focus:${field}`,
    ...extra,
  });
}

function textView(text: string, bounds: Rect, props: Partial<UiNode> = {}): UiNode {
  return node('android.widget.TextView', bounds, { text, ...props });
}

function button(text: string, resource: string, bounds: Rect, action: string): UiNode {
  return node('android.widget.Button', bounds, { text, resourceId: id(resource), action });
}

function toolbar(title: string, withUp: boolean): UiNode {
  const children: UiNode[] = [];
  if (withUp) children.push(node('android.widget.ImageButton', [0, 63, 147, 210], { contentDesc: 'Navigate up', action: 'up' }));
  children.push(textView(title, [withUp ? 189 : 42, 100, 900, 175], { resourceId: id('toolbar_title') }));
  return node('android.view.ViewGroup', TOOLBAR, { resourceId: id('toolbar'), children });
}

function loginScreen(v: SampleView): UiNode[] {
  const nodes: UiNode[] = [
    node('android.widget.ImageView', [390, 250, 690, 550], { resourceId: id('logo'), contentDesc: 'DeviceLab logo' }),
    textView('Welcome back', [84, 620, 996, 700], { resourceId: id('title') }),
    textView('Sign in to continue', [84, 710, 996, 770], { resourceId: id('subtitle') }),
    editText('email', 'Email', [84, 840, 996, 990], v),
    editText('password', 'Password', [84, 1030, 996, 1180], v, { password: true }),
  ];
  if (v.loginError) nodes.push(textView(v.loginError, [84, 1200, 996, 1270], { resourceId: id('error') }));
  nodes.push(
    button('Log in', 'login_button', [84, 1300, 996, 1440], 'login'),
    textView('Forgot password?', [600, 1480, 996, 1550], { resourceId: id('forgot_password'), action: 'forgot' }),
  );
  return nodes;
}

function forgotScreen(v: SampleView): UiNode[] {
  const nodes: UiNode[] = [
    toolbar('Reset password', true),
    textView("Enter your email and we'll send you a reset link.", [84, 300, 996, 420], { resourceId: id('reset_info') }),
    editText('reset_email', 'Email', [84, 460, 996, 610], v),
    button('Send reset link', 'send_reset', [84, 660, 996, 800], 'send_reset'),
  ];
  if (v.resetStatus) nodes.push(textView(v.resetStatus, [84, 840, 996, 910], { resourceId: id('reset_status') }));
  return nodes;
}

function productRow(p: Product, top: number): UiNode {
  return node('android.widget.LinearLayout', [0, top, 1080, top + ROW_HEIGHT], {
    resourceId: id('product_row'),
    action: `open:${p.id}`,
    children: [
      node('android.widget.ImageView', [42, top + 30, 222, top + 210], { resourceId: id('product_image') }),
      textView(p.name, [264, top + 50, 900, top + 120], { resourceId: id('product_name') }),
      textView(p.price, [264, top + 130, 600, top + 190], { resourceId: id('product_price') }),
    ],
  });
}

function productList(products: readonly Product[], viewport: Rect, scroll: number, resource: string): UiNode {
  const rows = products
    .map((p, i) => shiftAndClip(productRow(p, viewport[1] + i * ROW_HEIGHT), -scroll, viewport))
    .filter((r): r is UiNode => r !== null);
  return node('androidx.recyclerview.widget.RecyclerView', viewport, {
    resourceId: id(resource),
    scrollable: maxScroll(products.length, viewport) > 0,
    focusable: true,
    children: rows,
  });
}

function bottomNavigation(active: Tab): UiNode {
  const tabs: Array<[Tab, string]> = [
    ['home', 'Home'],
    ['search', 'Search'],
    ['profile', 'Profile'],
  ];
  const items = tabs.map(([tab, label], i) => {
    const b: Rect = [i * 360, NAV_TOP, (i + 1) * 360, 2400];
    return node('com.google.android.material.bottomnavigation.BottomNavigationItemView', b, {
      resourceId: id(`nav_${tab}`),
      contentDesc: label,
      selected: active === tab,
      action: `tab:${tab}`,
      children: [
        node('android.widget.ImageView', [b[0] + 138, NAV_TOP + 40, b[0] + 222, NAV_TOP + 124], {
          resourceId: id('navigation_bar_item_icon_view'),
        }),
        textView(label, [b[0] + 100, NAV_TOP + 134, b[0] + 260, NAV_TOP + 180], {
          resourceId: id('navigation_bar_item_large_label_view'),
          selected: active === tab,
        }),
      ],
    });
  });
  return node('com.google.android.material.bottomnavigation.BottomNavigationView', [0, NAV_TOP, 1080, 2400], {
    resourceId: id('bottom_navigation'),
    children: items,
  });
}

function homeScreen(v: SampleView): UiNode[] {
  const bar = toolbar('Products', false);
  const count = v.cart.length;
  bar.children!.push(
    node('android.widget.ImageView', [960, 90, 1040, 185], {
      resourceId: id('cart'),
      contentDesc: `Cart, ${count} ${count === 1 ? 'item' : 'items'}`,
    }),
  );
  return [bar, productList(PRODUCTS, HOME_LIST, v.scroll.home, 'product_list'), bottomNavigation('home')];
}

function searchScreen(v: SampleView): UiNode[] {
  const query = v.fields.search;
  const results = searchResults(query);
  const nodes: UiNode[] = [toolbar('Search', false), editText('search', 'Search products', [42, 240, 1038, 380], v)];
  if (results.length > 0) nodes.push(productList(results, SEARCH_LIST, v.scroll.search, 'search_results'));
  else
    nodes.push(
      textView(query.trim() ? `No products match "${query.trim()}"` : 'Type to search products', [84, 480, 996, 560], {
        resourceId: id('search_empty'),
      }),
    );
  nodes.push(bottomNavigation('search'));
  return nodes;
}

function profileScreen(v: SampleView): UiNode[] {
  const params = Object.keys(v.extras).sort();
  const nodes: UiNode[] = [
    toolbar('Profile', false),
    node('android.widget.ImageView', [390, 260, 690, 560], { resourceId: id('avatar'), contentDesc: 'Profile picture' }),
    textView(`Signed in as ${v.signedInAs ?? ''}`, [84, 620, 996, 700], { resourceId: id('profile_email') }),
    textView(`Items in cart: ${v.cart.length}`, [84, 730, 996, 800], { resourceId: id('cart_summary') }),
    textView('Launch parameters', [84, 880, 996, 950], { resourceId: id('launch_params_title') }),
  ];
  if (params.length === 0) nodes.push(textView('No launch parameters', [84, 970, 996, 1040], { resourceId: id('launch_param') }));
  params.slice(0, 10).forEach((key, i) => {
    // A launch parameter may carry a secret (a password override): never show it.
    const value = /password|secret|token/i.test(key) ? '\u2022\u2022\u2022\u2022' : v.extras[key];
    nodes.push(textView(`${key} = ${value}`, [84, 970 + i * 80, 996, 1040 + i * 80], { resourceId: id('launch_param') }));
  });
  nodes.push(button('Log out', 'logout_button', [84, 1900, 996, 2040], 'logout'), bottomNavigation('profile'));
  return nodes;
}

function detailScreen(v: SampleView): UiNode[] {
  const p = productById(v.productId) ?? PRODUCTS[0]!;
  return [
    toolbar(p.name, true),
    node('android.widget.ImageView', [0, 210, 1080, 1010], { resourceId: id('product_image'), contentDesc: `${p.name} image` }),
    textView(p.name, [42, 1050, 1038, 1140], { resourceId: id('product_name') }),
    textView(p.price, [42, 1150, 600, 1230], { resourceId: id('product_price') }),
    textView(`${p.name} is a sample item sold by the DeviceLab demo store. Free returns within 30 days.`, [42, 1270, 1038, 1470], {
      resourceId: id('product_description'),
    }),
    button('Add to cart', 'add_to_cart', [42, 1540, 1038, 1680], 'add_to_cart'),
  ];
}

function addedDialog(p: Product): UiWindow {
  const box: Rect = [84, 960, 996, 1440];
  const panel = node('android.widget.LinearLayout', box, {
    resourceId: 'android:id/parentPanel',
    children: [
      node('android.widget.LinearLayout', [84, 960, 996, 1090], {
        resourceId: 'android:id/topPanel',
        children: [textView('Added to cart', [147, 1000, 933, 1080], { resourceId: 'android:id/alertTitle' })],
      }),
      node('android.widget.FrameLayout', [84, 1090, 996, 1280], {
        resourceId: 'android:id/contentPanel',
        children: [textView(`${p.name} was added to your cart.`, [147, 1110, 933, 1260], { resourceId: 'android:id/message' })],
      }),
      node('android.widget.ScrollView', [84, 1280, 996, 1440], {
        resourceId: 'android:id/buttonPanel',
        children: [
          node('android.widget.Button', [726, 1300, 960, 1420], { text: 'OK', resourceId: 'android:id/button1', action: 'dialog_ok' }),
        ],
      }),
    ],
  });
  const root = node('android.widget.FrameLayout', box, {
    children: [node('android.widget.FrameLayout', box, { resourceId: 'android:id/content', children: [panel] })],
  });
  return { packageName: SAMPLE_PACKAGE, root, outsideAction: 'dialog_cancel', dimBehind: true };
}
