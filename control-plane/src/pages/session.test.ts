import { describe, expect, it } from 'vitest';
import { safeNext } from './session.js';

describe('safeNext', () => {
  it('keeps a path inside the pages', () => {
    expect(safeNext('/app', '/app/runs/run_1?page=2#top')).toBe('/app/runs/run_1?page=2#top');
    expect(safeNext('', '/runs/run_1')).toBe('/runs/run_1');
    expect(safeNext('', '/recording/run_1/runs/t 1')).toBe('/recording/run_1/runs/t%201'); // answered as the browser would read it
  });

  it('drops anything a browser would read as another site or a path outside the pages', () => {
    const offSite = [
      '/\t/evil.example/x', // browsers strip the tab: //evil.example/x
      '/\n/evil.example',
      '/\r/evil.example',
      '/\x00/evil.example',
      '/\x1f/evil.example',
      '/\x7f/evil.example',
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'runs',
      '',
    ];
    for (const next of offSite) expect(safeNext('', next), JSON.stringify(next)).toBeNull();
    for (const next of [...offSite, '/app/\t/x', '/other', '/application', '/app/../admin', '/app/%2e%2e/admin']) {
      expect(safeNext('/app', next), JSON.stringify(next)).toBeNull();
    }
    expect(safeNext('/app', 42)).toBeNull();
    expect(safeNext('/app', `/app/${'x'.repeat(2000)}`)).toBeNull();
  });

  it('answers escaped separators as they are, a path segment on this site', () => {
    // A browser does not decode %09 or %2F in a Location: these stay on the pages' origin.
    for (const next of ['/%09/evil.example', '/%2F/evil.example']) {
      expect(safeNext('', next)).toBe(next);
      expect(new URL(next, 'https://dl.example').origin).toBe('https://dl.example');
    }
  });
});
