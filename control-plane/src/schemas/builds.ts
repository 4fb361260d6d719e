import { z } from '@hono/zod-openapi';
import { pageLimit, platformField, text } from './common.js';

/** metadata.name: the name runs select a build by (execute's build.meta.name). */
export const BUILD_NAME_CHARS = 200;

/**
 * The CI provenance of a build, as the uploader sent it in the `ci` part. Kept as sent:
 * GPT Driver's actions have named these fields differently from one release to the next
 * (commitSha/repo/branch, sha/repository/ref...), and a field we do not know must not
 * fail a CI job.
 */
export const BuildCi = z
  .record(z.string(), z.unknown())
  .nullable()
  .openapi('BuildCi', {
    description: "CI provenance from the upload's `ci` part (provider, repository, sha, ref, run, pull request), as sent; null without one",
    example: {
      provider: 'github',
      repository: 'acme/shop',
      sha: '3f2c9e1',
      ref: 'refs/pull/42/merge',
      runId: '9876543210',
      runAttempt: 1,
      pullRequest: 42,
    },
  });

export const BuildUploaded = z.object({
  buildId: z.string(),
  app_link: z.string().openapi({ example: 'http://localhost:8080/app/organisations/org_x/build/bld_y' }),
});

export const Build = z
  .object({
    buildId: z.string(),
    platform: platformField,
    kind: z.enum(['apk', 'ipa', 'app']),
    fileName: z.string(),
    sizeBytes: z.number(),
    sha256: z.string(),
    packageName: z.string(),
    versionName: z.string().nullable(),
    versionCode: z.string().nullable(),
    displayName: z.string().nullable(),
    meta: z.record(z.string(), z.unknown()),
    ci: BuildCi,
    app_link: z.string(),
    createdAt: z.string(),
  })
  .openapi('Build');

export const BuildList = z.object({ builds: z.array(Build), nextCursor: z.string().nullable() }).openapi('BuildList');

export const ListBuildsQuery = z.object({
  name: text('name', BUILD_NAME_CHARS).optional().openapi({ description: 'Only builds uploaded with this metadata name (exact match)' }),
  platform: platformField.optional(),
  limit: pageLimit(200, 50),
  cursor: z.string().max(100).optional().openapi({ description: 'nextCursor of the previous page' }),
});

export const UploadForm = z.object({
  build: z
    .any()
    .openapi({ type: 'string', format: 'binary', description: '.apk, .ipa, or a .zip/.tar.gz of a simulator .app (or of one .ipa)' }),
  organisation_key: z
    .string()
    .optional()
    .openapi({
      description:
        'The organisation key (dl_org_…) when no Bearer key is sent; or the organisation id (org_…) ' +
        "alongside a Bearer key of that organisation (GPT Driver's upload-build action)",
    }),
  platform: platformField.optional(),
  metadata: z.string().optional().openapi({ description: 'JSON object as a string, e.g. {"name":"nightly"}' }),
  ci: z
    .string()
    .optional()
    .openapi({
      description:
        "JSON object as a string: the CI provenance, stored as sent and returned as the build's `ci`, " +
        'e.g. {"provider":"github","repository":"acme/shop","sha":"3f2c9e1","ref":"refs/heads/main","runId":"98","runAttempt":1}',
    }),
});
