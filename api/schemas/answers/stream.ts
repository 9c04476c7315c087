// The success answers of api/routes/stream.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

export const streamAnswers: RouteAnswers = {
  'POST /api/stream/start_stream': {
    200: answer(z.object({
      sessionId: z.string(),
      isGroup: z.boolean(),
      userId: z.string().nullable(),
      room: z.number(),
      pin: z.string(),
      streamToken: z.string(),
      tabToken: z.string(),
      startedAt: z.string(),
      resumed: z.boolean(),
      isLiveStreamStarted: z.literal(true),
    })),
  },
  'POST /api/stream/set_stream_data': {
    200: answer(z.object({ room: z.number(), pubId: z.string(), pubPvtId: z.string(), sessionId: z.string() })),
  },
  'POST /api/stream/stop_stream': {
    200: answer(z.object({ sessionId: z.string(), stopped: z.boolean() })),
  },
  'POST /api/stream/add_token': {
    200: answer(z.object({
      status: z.string(),
      streamToken: z.string(),
      room: z.number(),
      pin: z.string(),
      sessionId: z.string(),
      isGroup: z.boolean(),
      pubId: z.string().nullable(),
    })),
  },
  'POST /api/stream/remove_token': {
    200: answer(z.object({ status: z.string(), removed: z.number() })),
  },
  'POST /api/stream/send_message': {
    200: answer(z.object({ _id: z.string(), sessionId: z.string() })),
  },
  'POST /api/stream/send_tips': {
    200: answer(z.object({
      wallet_balance: z.number().optional(),
      wallet_balance_cents: z.number().optional(),
      accepted: z.boolean(),
      tip_id: z.string(),
      sessionId: z.string(),
      amount_cents: z.number(),
      transactionId: z.string().nullable(),
    })),
  },
  'POST /api/stream/get_messages': {
    200: answer(z.object({
      sessionId: z.string(),
      messages: z.array(z.object({
        _id: z.string(),
        type: z.string(),
        message: z.string().nullable(),
        sender_id: z.string().nullable(),
        name: z.string().nullable(),
        from_admin: z.boolean().nullable(),
        amount: z.number(),
        is_anonymous: z.boolean(),
        created: z.string(),
      })),
    })),
  },
  'GET /api/stream/current': {
    200: answer(z.object({
      session: z.object({
        tipTotalCents: z.number().nullable().optional(),
        call: z.object({
          pricePerMinuteCents: z.number(),
          minutesCharged: z.number(),
          chargedCents: z.number(),
          callSeconds: z.number(),
          billingSince: z.string().nullable(),
          serverNow: z.string(),
          walletBalanceCents: z.number(),
        }).optional(),
        sessionId: z.string(),
        isGroup: z.boolean().nullable(),
        userId: z.string().nullable(),
        publisherId: z.string().nullable(),
        publisherName: z.string().nullable(),
        startedAt: z.string().nullable(),
        pubId: z.string().nullable(),
        viewers: z.number(),
        isJoined: z.boolean(),
        isPublisher: z.boolean(),
        pricePerMinuteCents: z.number(),
      }).nullable(),
      media: z.boolean(),
    })),
  },
  'GET /api/stream/viewers': {
    200: answer(z.object({
      sessionId: z.string(),
      count: z.number(),
      userList: z.array(z.object({ _id: z.string(), name: z.string(), avatarUrl: z.string().nullable(), count: z.number() })),
    })),
  },
};
