/**
 * An app's persistent data (what the sample app keeps in UserDefaults: the session),
 * written through to a file in the app's data container on disk. The container is a
 * real directory (`simctl get_app_container <udid> <bundle> data` prints it), so the
 * driver resets app state the way it does on a real simulator, by emptying it, and the
 * virtual app notices on its next launch.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Where UserDefaults would live: Library/Preferences/<bundle>.plist (JSON here: nobody else reads it). */
export const preferencesFile = (container: string, bundleId: string) => join(container, 'Library', 'Preferences', `${bundleId}.plist`);

export class AppDefaults extends Map<string, string> {
  constructor(private readonly file: string) {
    super();
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      for (const [k, v] of Object.entries(saved)) if (typeof v === 'string') super.set(k, v);
    } catch {
      // no file yet (fresh install or a reset container): empty defaults
    }
  }

  override set(key: string, value: string): this {
    super.set(key, value);
    this.save();
    return this;
  }

  override delete(key: string): boolean {
    const had = super.delete(key);
    if (had) this.save();
    return had;
  }

  override clear(): void {
    super.clear();
    this.save();
  }

  private save(): void {
    mkdirSync(dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(Object.fromEntries(this)));
  }
}
