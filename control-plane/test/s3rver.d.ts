// The part of @20minutes/s3rver (no types of its own) the tests use (fake-s3.ts).
declare module '@20minutes/s3rver' {
  export default class S3rver {
    constructor(options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: { name: string }[] });
    run(): Promise<{ port: number }>;
    close(): Promise<void>;
  }
}
