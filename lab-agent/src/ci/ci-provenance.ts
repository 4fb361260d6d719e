/**
 * Where a build came from, read from the CI's own variables and sent as the upload's
 * `ci` part (docs/api.md#builds): every run of the build then names the commit and
 * pipeline that produced it. Unknown CI: nothing is sent.
 */
type Env = Record<string, string | undefined>;

const compact = (o: Record<string, string | number | undefined>): Record<string, string | number> =>
  Object.fromEntries(Object.entries(o).filter((kv): kv is [string, string | number] => kv[1] !== undefined && kv[1] !== ''));

const int = (s: string | undefined) => (s && /^\d+$/.test(s) ? Number(s) : undefined);

export function ciProvenance(env: Env): Record<string, string | number> | undefined {
  if (env.GITHUB_ACTIONS === 'true') {
    const pr = /^refs\/pull\/(\d+)\//.exec(env.GITHUB_REF ?? '');
    return compact({
      provider: 'github',
      repository: env.GITHUB_REPOSITORY,
      sha: env.GITHUB_SHA,
      ref: env.GITHUB_REF,
      runId: env.GITHUB_RUN_ID,
      runAttempt: int(env.GITHUB_RUN_ATTEMPT),
      pullRequest: pr ? Number(pr[1]) : undefined,
      url:
        env.GITHUB_SERVER_URL && env.GITHUB_REPOSITORY && env.GITHUB_RUN_ID
          ? `${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID}`
          : undefined,
    });
  }
  if (env.GITLAB_CI === 'true') {
    return compact({
      provider: 'gitlab',
      repository: env.CI_PROJECT_PATH,
      sha: env.CI_COMMIT_SHA,
      ref: env.CI_COMMIT_REF_NAME,
      runId: env.CI_PIPELINE_ID,
      jobId: env.CI_JOB_ID,
      mergeRequest: int(env.CI_MERGE_REQUEST_IID),
      url: env.CI_JOB_URL,
    });
  }
  return undefined;
}
