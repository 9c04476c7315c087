import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration: uploads and S3', () => {
  it('defaults: 500 MB uploads, media on disk', () => {
    const cfg = loadConfig({});
    expect(cfg.maxUploadBytes).toBe(500 * 1024 * 1024);
    expect(cfg.s3).toBeNull();
  });
  it('FANCLUB_MAX_UPLOAD_MB sets the limit; a bad value names the variable', () => {
    expect(loadConfig({ FANCLUB_MAX_UPLOAD_MB: '2' }).maxUploadBytes).toBe(2 * 1024 * 1024);
    expect(() => loadConfig({ FANCLUB_MAX_UPLOAD_MB: '-1' })).toThrow(/FANCLUB_MAX_UPLOAD_MB/);
  });
  it('S3_BUCKET turns S3 on; an endpoint implies path-style requests', () => {
    const cfg = loadConfig({ S3_BUCKET: 'media-bucket', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' });
    expect(cfg.s3).toEqual({ bucket: 'media-bucket', endpoint: 'http://127.0.0.1:9000', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true });
    expect(loadConfig({ S3_BUCKET: 'media-bucket', S3_REGION: 'eu-west-1' }).s3).toMatchObject({ region: 'eu-west-1', forcePathStyle: false, accessKeyId: undefined });
    expect(loadConfig({ S3_BUCKET: 'media-bucket', S3_ENDPOINT: 'http://h:9000', S3_FORCE_PATH_STYLE: 'false' }).s3!.forcePathStyle).toBe(false);
  });
  it('refuses half a key pair, S3 settings without a bucket, and a bad bucket name', () => {
    expect(() => loadConfig({ S3_BUCKET: 'media-bucket', S3_ACCESS_KEY_ID: 'k' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://h:9000' })).toThrow(ConfigError);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
  });
});

describe('configuration: the metrics scrape token', () => {
  it('unset by default; a short one or one with spaces is refused, naming the variable', () => {
    expect(loadConfig({}).FANCLUB_METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ FANCLUB_METRICS_TOKEN: 'x'.repeat(32) }).FANCLUB_METRICS_TOKEN).toBe('x'.repeat(32));
    expect(() => loadConfig({ FANCLUB_METRICS_TOKEN: 'short' })).toThrow(/FANCLUB_METRICS_TOKEN/);
    expect(() => loadConfig({ FANCLUB_METRICS_TOKEN: `${'x'.repeat(32)} y` })).toThrow(/FANCLUB_METRICS_TOKEN/);
  });
});
