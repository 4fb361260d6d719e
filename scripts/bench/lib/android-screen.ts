/**
 * A realistic Android `uiautomator dump` of a shop's product grid, about 200 nodes, in the
 * attribute format of control-plane/src/brain/fixtures/android-products.xml: status bar,
 * toolbar with search and cart badge, category chips, a sort/filter bar, a two-column
 * RecyclerView of product cards (image, sale badge, name, price, old price, rating,
 * favourite, "Add to cart"), a bottom navigation bar with five tabs and the system
 * navigation bar. Deterministic: the same XML on every call.
 */

const PKG = 'com.example.shop';

interface NodeSpec {
  cls: string;
  text?: string;
  id?: string;
  desc?: string;
  pkg?: string;
  clickable?: boolean;
  focusable?: boolean;
  scrollable?: boolean;
  checkable?: boolean;
  checked?: boolean;
  selected?: boolean;
  bounds: [number, number, number, number];
  children?: NodeSpec[];
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function render(n: NodeSpec, index: number, depth: number, out: string[]): void {
  const pkg = n.pkg ?? PKG;
  const id = n.id === undefined ? '' : n.id.includes(':') ? n.id : `${pkg}:id/${n.id}`;
  const [l, t, r, b] = n.bounds;
  const attrs =
    `index="${index}" text="${esc(n.text ?? '')}" resource-id="${id}" class="${n.cls}" package="${pkg}" ` +
    `content-desc="${esc(n.desc ?? '')}" checkable="${n.checkable ?? false}" checked="${n.checked ?? false}" ` +
    `clickable="${n.clickable ?? false}" enabled="true" focusable="${n.focusable ?? n.clickable ?? false}" focused="false" ` +
    `scrollable="${n.scrollable ?? false}" long-clickable="false" password="false" selected="${n.selected ?? false}" ` +
    `bounds="[${l},${t}][${r},${b}]"`;
  const pad = '  '.repeat(depth + 1);
  if (!n.children?.length) {
    out.push(`${pad}<node ${attrs} />`);
    return;
  }
  out.push(`${pad}<node ${attrs}>`);
  for (const [i, c] of n.children.entries()) render(c, i, depth + 1, out);
  out.push(`${pad}</node>`);
}

export const PRODUCTS: ReadonlyArray<{ name: string; price: string; old?: string; rating: string; reviews: string }> = [
  { name: 'Wireless Headphones', price: '$59.99', old: '$79.99', rating: '4.5', reviews: '(1,203)' },
  { name: 'Bluetooth Speaker', price: '$34.50', rating: '4.2', reviews: '(845)' },
  { name: 'USB-C Charger', price: '$19.00', rating: '4.7', reviews: '(3,112)' },
  { name: 'Phone Case', price: '$12.99', old: '$15.99', rating: '4.1', reviews: '(402)' },
  { name: 'Screen Protector', price: '$9.99', rating: '3.9', reviews: '(97)' },
  { name: 'Smart Watch', price: '$149.00', old: '$199.00', rating: '4.4', reviews: '(2,560)' },
  { name: 'Fitness Tracker', price: '$49.95', rating: '4.0', reviews: '(618)' },
  { name: 'Power Bank 20000mAh', price: '$29.99', rating: '4.6', reviews: '(1,877)' },
  { name: 'Wireless Earbuds', price: '$89.00', old: '$99.00', rating: '4.3', reviews: '(4,021)' },
  { name: 'Car Phone Mount', price: '$14.49', rating: '4.2', reviews: '(733)' },
];

function productCard(p: (typeof PRODUCTS)[number], i: number, left: number, top: number, bottom: number): NodeSpec {
  const right = left + 504;
  const clip = (y: number) => Math.min(y, bottom);
  const box = (l: number, t: number, r: number, b: number): NodeSpec['bounds'] => [l, clip(t), r, clip(b)];
  const imgBottom = top + 130;
  return {
    cls: 'androidx.cardview.widget.CardView',
    id: 'product_card',
    clickable: true,
    bounds: box(left, top, right, top + 300),
    children: [
      {
        cls: 'androidx.constraintlayout.widget.ConstraintLayout',
        bounds: box(left, top, right, top + 300),
        children: [
          {
            cls: 'android.widget.FrameLayout',
            id: 'image_container',
            bounds: box(left + 12, top + 12, right - 12, imgBottom),
            children: [
              {
                cls: 'android.widget.ImageView',
                id: 'product_image',
                desc: p.name,
                bounds: box(left + 12, top + 12, right - 12, imgBottom),
              },
              ...(p.old
                ? [
                    {
                      cls: 'android.widget.TextView',
                      id: 'sale_badge',
                      text: 'Sale',
                      bounds: box(left + 20, top + 20, left + 100, top + 56),
                    },
                  ]
                : []),
              {
                cls: 'android.widget.ImageButton',
                id: 'favourite',
                desc: `Add ${p.name} to wish list`,
                clickable: true,
                bounds: box(right - 84, top + 20, right - 20, top + 84),
              },
            ],
          },
          { cls: 'android.widget.TextView', id: 'product_name', text: p.name, bounds: box(left + 16, top + 136, right - 16, top + 170) },
          { cls: 'android.widget.TextView', id: 'product_price', text: p.price, bounds: box(left + 16, top + 174, left + 180, top + 206) },
          ...(p.old
            ? [
                {
                  cls: 'android.widget.TextView',
                  id: 'product_old_price',
                  text: p.old,
                  bounds: box(left + 190, top + 178, left + 300, top + 204),
                },
              ]
            : []),
          {
            cls: 'android.widget.RatingBar',
            id: 'product_rating',
            desc: `Rated ${p.rating} out of 5`,
            bounds: box(left + 16, top + 210, left + 170, top + 232),
          },
          {
            cls: 'android.widget.TextView',
            id: 'review_count',
            text: p.reviews,
            bounds: box(left + 180, top + 210, left + 300, top + 232),
          },
          {
            cls: 'android.widget.TextView',
            id: 'delivery',
            text: i % 3 === 0 ? 'Free delivery tomorrow' : 'Delivery in 3 days',
            bounds: box(left + 16, top + 236, left + 330, top + 262),
          },
          {
            cls: 'android.widget.TextView',
            id: 'stock',
            text: i % 4 === 1 ? 'Only 3 left' : 'In stock',
            bounds: box(left + 340, top + 236, right - 16, top + 262),
          },
          {
            cls: 'android.widget.Button',
            id: 'add_to_cart',
            text: 'Add to cart',
            clickable: true,
            bounds: box(right - 220, top + 264, right - 16, top + 296),
          },
        ],
      },
    ],
  };
}

function screenSpec(): NodeSpec {
  const chips = ['All', 'Audio', 'Wearables', 'Chargers', 'Cases', 'Cables', 'Deals', 'New', 'Brands'];
  const tabs = [
    ['Home', 'navigation_home'],
    ['Categories', 'navigation_categories'],
    ['Cart', 'navigation_cart'],
    ['Orders', 'navigation_orders'],
    ['Account', 'navigation_account'],
  ] as const;
  const listTop = 560;
  const listBottom = 2064;
  const cards: NodeSpec[] = PRODUCTS.map((p, i) => {
    const top = listTop + 8 + Math.floor(i / 2) * 316;
    return productCard(p, i, i % 2 === 0 ? 24 : 552, top, listBottom);
  });
  return {
    cls: 'android.widget.FrameLayout',
    bounds: [0, 0, 1080, 2400],
    children: [
      {
        cls: 'android.widget.LinearLayout',
        bounds: [0, 0, 1080, 2400],
        children: [
          {
            cls: 'android.widget.FrameLayout',
            id: 'android:id/content',
            bounds: [0, 63, 1080, 2274],
            children: [
              {
                cls: 'androidx.coordinatorlayout.widget.CoordinatorLayout',
                bounds: [0, 63, 1080, 2274],
                children: [
                  {
                    cls: 'com.google.android.material.appbar.AppBarLayout',
                    id: 'app_bar',
                    bounds: [0, 63, 1080, 560],
                    children: [
                      {
                        cls: 'android.view.ViewGroup',
                        id: 'toolbar',
                        bounds: [0, 63, 1080, 210],
                        children: [
                          { cls: 'android.widget.ImageButton', desc: 'Open navigation drawer', clickable: true, bounds: [0, 63, 147, 210] },
                          { cls: 'android.widget.TextView', text: 'Products', bounds: [168, 100, 600, 170] },
                          {
                            cls: 'android.widget.TextView',
                            id: 'action_search',
                            desc: 'Search',
                            clickable: true,
                            bounds: [654, 84, 780, 189],
                          },
                          {
                            cls: 'android.widget.FrameLayout',
                            id: 'action_cart',
                            desc: 'Cart, 3 items',
                            clickable: true,
                            bounds: [780, 84, 906, 189],
                            children: [
                              { cls: 'android.widget.ImageView', id: 'cart_icon', bounds: [801, 105, 885, 168] },
                              { cls: 'android.widget.TextView', id: 'cart_badge', text: '3', bounds: [852, 92, 894, 130] },
                            ],
                          },
                          { cls: 'android.widget.ImageView', desc: 'More options', clickable: true, bounds: [906, 84, 1038, 189] },
                        ],
                      },
                      {
                        cls: 'android.widget.LinearLayout',
                        id: 'search_bar',
                        clickable: true,
                        bounds: [24, 220, 1056, 320],
                        children: [
                          { cls: 'android.widget.ImageView', id: 'search_icon', bounds: [48, 240, 108, 300] },
                          {
                            cls: 'android.widget.EditText',
                            id: 'search_input',
                            text: 'Search products',
                            clickable: true,
                            bounds: [120, 230, 920, 310],
                          },
                          {
                            cls: 'android.widget.ImageButton',
                            id: 'voice_search',
                            desc: 'Voice search',
                            clickable: true,
                            bounds: [940, 230, 1040, 310],
                          },
                        ],
                      },
                      {
                        cls: 'android.widget.HorizontalScrollView',
                        id: 'category_scroll',
                        scrollable: true,
                        bounds: [0, 330, 1080, 440],
                        children: [
                          {
                            cls: 'com.google.android.material.chip.ChipGroup',
                            id: 'category_chips',
                            bounds: [0, 330, 1080, 440],
                            children: chips.map((c, i) => ({
                              cls: 'com.google.android.material.chip.Chip',
                              text: c,
                              clickable: true,
                              checkable: true,
                              checked: i === 0,
                              bounds: [24 + i * 170, 345, Math.min(1080, 174 + i * 170), 425] as NodeSpec['bounds'],
                            })),
                          },
                        ],
                      },
                      {
                        cls: 'android.widget.LinearLayout',
                        id: 'sort_bar',
                        bounds: [0, 440, 1080, 560],
                        children: [
                          { cls: 'android.widget.TextView', id: 'result_count', text: '124 results', bounds: [42, 470, 360, 530] },
                          {
                            cls: 'android.widget.ImageButton',
                            id: 'view_toggle',
                            desc: 'Show as list',
                            clickable: true,
                            bounds: [380, 450, 480, 550],
                          },
                          {
                            cls: 'android.widget.Button',
                            id: 'sort_button',
                            text: 'Sort: Popular',
                            clickable: true,
                            bounds: [560, 450, 820, 550],
                          },
                          {
                            cls: 'android.widget.Button',
                            id: 'filter_button',
                            text: 'Filter',
                            clickable: true,
                            bounds: [840, 450, 1050, 550],
                          },
                        ],
                      },
                    ],
                  },
                  {
                    cls: 'androidx.recyclerview.widget.RecyclerView',
                    id: 'product_list',
                    scrollable: true,
                    focusable: true,
                    bounds: [0, listTop, 1080, listBottom],
                    children: cards,
                  },
                  {
                    cls: 'com.google.android.material.bottomnavigation.BottomNavigationView',
                    id: 'bottom_navigation',
                    bounds: [0, 2064, 1080, 2274],
                    children: [
                      {
                        cls: 'com.google.android.material.bottomnavigation.BottomNavigationMenuView',
                        bounds: [0, 2064, 1080, 2274],
                        children: tabs.map(([label, id], i) => ({
                          cls: 'android.widget.FrameLayout',
                          id,
                          desc: label,
                          clickable: true,
                          selected: i === 0,
                          bounds: [i * 216, 2064, (i + 1) * 216, 2274] as NodeSpec['bounds'],
                          children: [
                            {
                              cls: 'android.widget.ImageView',
                              id: 'navigation_bar_item_icon_view',
                              bounds: [i * 216 + 75, 2090, i * 216 + 141, 2156] as NodeSpec['bounds'],
                            },
                            {
                              cls: 'android.view.ViewGroup',
                              id: 'navigation_bar_item_labels_group',
                              bounds: [i * 216 + 20, 2170, i * 216 + 196, 2230] as NodeSpec['bounds'],
                              children: [
                                {
                                  cls: 'android.widget.TextView',
                                  id: 'navigation_bar_item_large_label_view',
                                  text: label,
                                  bounds: [i * 216 + 20, 2170, i * 216 + 196, 2230] as NodeSpec['bounds'],
                                },
                              ],
                            },
                          ],
                        })),
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        cls: 'android.widget.FrameLayout',
        pkg: 'com.android.systemui',
        bounds: [0, 0, 1080, 63],
        children: [
          {
            cls: 'android.widget.FrameLayout',
            pkg: 'com.android.systemui',
            id: 'status_bar',
            bounds: [0, 0, 1080, 63],
            children: [
              { cls: 'android.widget.TextView', pkg: 'com.android.systemui', id: 'clock', text: '10:02', bounds: [42, 0, 150, 63] },
              {
                cls: 'android.widget.LinearLayout',
                pkg: 'com.android.systemui',
                id: 'notification_icon_area',
                bounds: [160, 0, 400, 63],
                children: [
                  { cls: 'android.widget.ImageView', pkg: 'com.android.systemui', desc: 'Gmail notification', bounds: [170, 10, 213, 53] },
                  { cls: 'android.widget.ImageView', pkg: 'com.android.systemui', desc: 'Shop notification', bounds: [223, 10, 266, 53] },
                  {
                    cls: 'android.widget.ImageView',
                    pkg: 'com.android.systemui',
                    desc: 'Messages notification',
                    bounds: [276, 10, 319, 53],
                  },
                  {
                    cls: 'android.widget.ImageView',
                    pkg: 'com.android.systemui',
                    desc: 'Calendar notification',
                    bounds: [329, 10, 372, 53],
                  },
                ],
              },
              {
                cls: 'android.widget.LinearLayout',
                pkg: 'com.android.systemui',
                id: 'system_icons',
                bounds: [800, 0, 1038, 63],
                children: [
                  {
                    cls: 'android.widget.ImageView',
                    pkg: 'com.android.systemui',
                    id: 'wifi_signal',
                    desc: 'Wifi three bars.',
                    bounds: [810, 10, 853, 53],
                  },
                  {
                    cls: 'android.widget.ImageView',
                    pkg: 'com.android.systemui',
                    id: 'mobile_signal',
                    desc: 'Phone four bars.',
                    bounds: [863, 10, 906, 53],
                  },
                  {
                    cls: 'android.widget.ImageView',
                    pkg: 'com.android.systemui',
                    id: 'battery',
                    desc: 'Battery 85 percent.',
                    bounds: [980, 10, 1038, 53],
                  },
                ],
              },
            ],
          },
        ],
      },
      {
        cls: 'android.widget.FrameLayout',
        pkg: 'com.android.systemui',
        id: 'navigation_bar_frame',
        bounds: [0, 2274, 1080, 2400],
        children: [
          {
            cls: 'android.widget.LinearLayout',
            pkg: 'com.android.systemui',
            id: 'nav_buttons',
            bounds: [0, 2274, 1080, 2400],
            children: [
              {
                cls: 'android.widget.ImageView',
                pkg: 'com.android.systemui',
                id: 'back',
                desc: 'Back',
                clickable: true,
                bounds: [120, 2274, 300, 2400],
              },
              {
                cls: 'android.widget.ImageView',
                pkg: 'com.android.systemui',
                id: 'home',
                desc: 'Home',
                clickable: true,
                bounds: [450, 2274, 630, 2400],
              },
              {
                cls: 'android.widget.ImageView',
                pkg: 'com.android.systemui',
                id: 'recent_apps',
                desc: 'Overview',
                clickable: true,
                bounds: [780, 2274, 960, 2400],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The uiautomator dump XML and its number of <node> elements. */
export function productGridXml(): { xml: string; nodes: number } {
  const out: string[] = ["<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>", '<hierarchy rotation="0">'];
  render(screenSpec(), 0, 0, out);
  out.push('</hierarchy>');
  const xml = out.join('\n') + '\n';
  return { xml, nodes: (xml.match(/<node /g) ?? []).length };
}
