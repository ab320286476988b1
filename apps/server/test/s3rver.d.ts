// The parts of @20minutes/s3rver (a maintained fork of s3rver, which ships no types) the tests use.
declare module '@20minutes/s3rver' {
  import type { AddressInfo } from 'node:net';

  export interface S3rverOptions {
    address?: string;
    /** 0 lets the OS pick a free port. */
    port?: number;
    silent?: boolean;
    /** Where buckets and objects are kept, as files. */
    directory?: string;
    resetOnClose?: boolean;
    /** Buckets created before the server answers. */
    configureBuckets?: { name: string }[];
  }

  export default class S3rver {
    constructor(options?: S3rverOptions);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
