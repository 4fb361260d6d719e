import type { Config } from '../config.js';
import { createFileStorage, type FileStorage } from './files.js';
import { createS3Storage, s3ScratchDir } from './s3.js';

/** The storage STORAGE_URL names: a folder (default: DATA_DIR/files) or an S3 bucket and prefix. */
export function openStorage(config: Pick<Config, 'storage' | 'dataDir'>): FileStorage {
  const { storage } = config;
  return storage.kind === 's3' ? createS3Storage(storage, s3ScratchDir(config.dataDir)) : createFileStorage(storage.path);
}
