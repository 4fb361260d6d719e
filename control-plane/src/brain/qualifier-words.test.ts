import { describe, expect, it } from 'vitest';
import { splitQualifier } from './qualifier-words.js';

describe('splitQualifier', () => {
  it.each([
    ['OK in the dialog', { core: 'OK', container: 'dialog' }],
    ['Sign in with Apple in the alert', { core: 'Sign in with Apple', container: 'dialog' }],
    ['Orders in the bottom navigation bar', { core: 'Orders', container: 'tabBar' }],
    ['Profile in the tab bar', { core: 'Profile', container: 'tabBar' }],
    ['Search in the toolbar', { core: 'Search', container: 'toolbar' }],
    ['Cart in the navigation bar', { core: 'Cart', container: 'navBar' }],
    ['Add to cart next to Red Mug', { core: 'Add to cart', near: { relation: 'row', anchor: 'Red Mug' } }],
    ['Add to cart for the Blue Mug', { core: 'Add to cart', near: { relation: 'row', anchor: 'Blue Mug' } }],
    ['Remove in the Green Teapot row', { core: 'Remove', near: { relation: 'row', anchor: 'Green Teapot' } }],
    ['the field below First name', { core: 'the field', near: { relation: 'below', anchor: 'First name' } }],
    ['$48.50 to the right of Total', { core: '$48.50', near: { relation: 'rightOf', anchor: 'Total' } }],
  ])('%j', (text, expected) => expect(splitQualifier(text)).toEqual(expected));

  it.each(['Terms of Service', 'Sign in with Apple', 'Log in', 'Continue'])('leaves %j alone', (text) => {
    expect(splitQualifier(text)).toBeNull();
  });

  it('takes a bare qualifier after a quoted name only when asked', () => {
    expect(splitQualifier(' in the dialog')).toBeNull();
    expect(splitQualifier(' in the dialog', true)).toEqual({ core: '', container: 'dialog' });
  });
});
