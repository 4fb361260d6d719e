import { z } from 'zod';

/** The two mobile platforms everything in DeviceLab is keyed by. */
export const Platform = z.enum(['android', 'ios']);
export type Platform = z.infer<typeof Platform>;
export const PLATFORMS: readonly Platform[] = Platform.options;
