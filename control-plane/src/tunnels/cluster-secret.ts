/**
 * The secret replicas show each other on `/internal/*` (a replica relaying to a tunnel
 * another one holds). Made once, by whichever replica needs it first, and kept in the
 * database's settings, so every replica on the database knows it and nothing needs
 * configuring. Compared in constant time; API keys and agent tokens never match it.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/index.js';
import { getSetting, initSetting } from '../queries/settings.js';

const KEY = 'cluster_secret';

export interface ClusterSecret {
  /** The secret (read once, then remembered). */
  value(): Promise<string>;
  /** Whether `presented` is the secret, in time independent of where they differ. */
  matches(presented: string): Promise<boolean>;
}

export function clusterSecret(db: Db): ClusterSecret {
  let loading: Promise<string> | null = null;
  const value = () => {
    loading ??= (async () => {
      await initSetting(db, KEY, randomBytes(32).toString('base64url')); // the first replica's wins
      const stored = await getSetting(db, KEY);
      if (stored === null) throw new Error('the cluster secret could not be stored');
      return stored;
    })().catch((error: unknown) => {
      loading = null; // a database hiccup must not stick
      throw error;
    });
    return loading;
  };
  // Digests have one length, which timingSafeEqual needs; the length of the presented value leaks nothing then.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return {
    value,
    async matches(presented) {
      return timingSafeEqual(digest(presented), digest(await value()));
    },
  };
}
