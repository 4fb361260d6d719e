import { describe, expect, it } from 'vitest';
import { ciProvenance } from './ci-provenance.js';

describe('CI provenance', () => {
  it("reads GitHub Actions' variables, with the pull request from the ref", () => {
    expect(
      ciProvenance({
        GITHUB_ACTIONS: 'true',
        GITHUB_REPOSITORY: 'acme/shop',
        GITHUB_SHA: 'abc',
        GITHUB_REF: 'refs/pull/42/merge',
        GITHUB_RUN_ID: '99',
        GITHUB_RUN_ATTEMPT: '2',
        GITHUB_SERVER_URL: 'https://github.com',
      }),
    ).toEqual({
      provider: 'github',
      repository: 'acme/shop',
      sha: 'abc',
      ref: 'refs/pull/42/merge',
      runId: '99',
      runAttempt: 2,
      pullRequest: 42,
      url: 'https://github.com/acme/shop/actions/runs/99',
    });
  });

  it("reads GitLab CI's, leaving out what is not set", () => {
    expect(
      ciProvenance({
        GITLAB_CI: 'true',
        CI_PROJECT_PATH: 'acme/shop',
        CI_COMMIT_SHA: 'abc',
        CI_PIPELINE_ID: '7',
        CI_MERGE_REQUEST_IID: '',
      }),
    ).toEqual({ provider: 'gitlab', repository: 'acme/shop', sha: 'abc', runId: '7' });
  });

  it('sends nothing outside a known CI', () => {
    expect(ciProvenance({ CI: 'true' })).toBeUndefined();
  });
});
