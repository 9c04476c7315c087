// The success answers of api/routes/live-reports.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

export const liveReportsAnswers: RouteAnswers = {
  'GET /api/stream/get_settings': {
    200: answer(z.union([
      z.object({
        enable_live_streaming: z.boolean(),
        live_streaming_server_url: z.string(),
        price_per_minute: z.number(),
        price_per_minute_cents: z.number(),
        media: z.union([
          z.object({ available: z.literal(true), url: z.string() }),
          z.object({ available: z.literal(false), reason: z.string() }),
        ]),
      }),
      z.object({
        live_stream_report_enabled: z.boolean(),
        enable_live_streaming: z.boolean(),
        live_streaming_server_url: z.string(),
        price_per_minute: z.number(),
        price_per_minute_cents: z.number(),
        media: z.union([
          z.object({ available: z.literal(true), url: z.string() }),
          z.object({ available: z.literal(false), reason: z.string() }),
        ]),
      }),
    ])),
  },
  'POST /api/stream/save_settings': {
    200: answer(z.object({
      enable_live_streaming: z.boolean(),
      live_streaming_server_url: z.string(),
      price_per_minute: z.number(),
      price_per_minute_cents: z.number(),
      live_stream_report_enabled: z.boolean(),
      media: z.union([
        z.object({ available: z.literal(true), url: z.string() }),
        z.object({ available: z.literal(false), reason: z.string() }),
      ]),
    })),
  },
  'POST /api/stream/get_live_stream_reports': {
    200: answer(z.object({
      sessions: z.array(z.object({
        _id: z.string(),
        isGroup: z.boolean().nullable(),
        userId: z.string().nullable(),
        userName: z.string().nullable(),
        publisherId: z.string().nullable(),
        publisherName: z.string().nullable(),
        status: z.string().nullable(),
        startedAt: z.string().nullable(),
        endedAt: z.string().nullable(),
        durationSeconds: z.number().nullable(),
        stopReason: z.string().nullable(),
        viewers: z.number(),
        peakViewers: z.number(),
        comments: z.number(),
        tipsCount: z.number().nullable(),
        tipsCents: z.number().nullable(),
        minutesCharged: z.number(),
        chargedCents: z.number().nullable(),
        earningsCents: z.number().nullable(),
        recording: z.object({
          status: z.string().nullable(),
          mediaId: z.string().nullable(),
          bytes: z.number().nullable(),
          durationSeconds: z.number().nullable(),
        }),
      })),
      total: z.number(),
      currentPage: z.number(),
      totalPages: z.number(),
    })),
  },
  'GET /api/stream/sessions/:id': {
    200: answer(z.object({
      tips_cents: z.number().nullable(),
      charged_cents: z.number().nullable(),
      id: z.string(),
      is_group: z.boolean().nullable(),
      fan_id: z.string().nullable(),
      publisher_id: z.string().nullable(),
      publisher_name: z.string().nullable(),
      status: z.string().nullable(),
      room: z.number().nullable(),
      pub_id: z.string().nullable(),
      started_at: z.string().nullable(),
      stopped_at: z.string().nullable(),
      stop_reason: z.string().nullable(),
      duration_seconds: z.number().nullable(),
      viewers_now: z.number().nullable(),
      viewers_total: z.number().nullable(),
      peak_viewers: z.number().nullable(),
      comments: z.number().nullable(),
      tips_count: z.number().nullable(),
      minutes_charged: z.number().nullable(),
      price_per_minute_cents: z.number().nullable(),
      recording_status: z.string().nullable(),
      recording_media_id: z.string().nullable(),
      recording_bytes: z.number().nullable(),
      recording_seconds: z.number().nullable(),
      billing_since: z.string().nullable(),
      call_seconds: z.number().nullable(),
    })),
  },
};
