// The success answers of api/routes/help.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';

const helpView = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  audience: z.enum(['fans', 'staff', 'both']),
  is_popup: z.boolean(),
  is_read: z.boolean(),
  created: z.string(),
  updated: z.string(),
});

export const helpAnswers: RouteAnswers = {
  'GET /api/user-help/popup-with-notification-count': {
    200: answer(z.object({ popups: z.array(helpView), unread_count: z.number() })),
  },
  'GET /api/help/popup-with-notification-count': {
    200: answer(z.object({ popups: z.array(helpView), unread_count: z.number() })),
  },
  'GET /api/user-help/read/:id': {
    200: answer(z.object({ _id: z.string(), is_read: z.boolean(), unread_count: z.number() })),
  },
  'GET /api/help/read/:id': {
    200: answer(z.object({ _id: z.string(), is_read: z.boolean(), unread_count: z.number() })),
  },
  'POST /api/user-help/list': {
    200: answer(z.object({
      rows: z.array(z.object({
        description: z.string(),
        _id: z.string(),
        title: z.string(),
        tags: z.array(z.string()),
        audience: z.enum(['fans', 'staff', 'both']),
        is_popup: z.boolean(),
        is_read: z.boolean(),
        created: z.string(),
        updated: z.string(),
      })),
      total: z.number(),
      currentPage: z.number(),
      totalPages: z.number(),
      unreadCount: z.number(),
      helpTagsData: z.array(z.object({ name: z.string(), count: z.number() })),
    })),
  },
  'POST /api/help/list': {
    200: answer(z.object({
      rows: z.array(z.object({
        description: z.string(),
        _id: z.string(),
        title: z.string(),
        tags: z.array(z.string()),
        audience: z.enum(['fans', 'staff', 'both']),
        is_popup: z.boolean(),
        is_read: z.boolean(),
        created: z.string(),
        updated: z.string(),
      })),
      total: z.number(),
      currentPage: z.number(),
      totalPages: z.number(),
      unreadCount: z.number(),
      helpTagsData: z.array(z.object({ name: z.string(), count: z.number() })),
    })),
  },
  'GET /api/user-help/details/:id': {
    200: answer(z.object({
      _id: z.string(),
      title: z.string(),
      description: z.string(),
      tags: z.array(z.string()),
      audience: z.enum(['fans', 'staff', 'both']),
      is_popup: z.boolean(),
      is_read: z.boolean(),
      created: z.string(),
      updated: z.string(),
    })),
  },
  'GET /api/help/details/:id': {
    200: answer(z.object({
      _id: z.string(),
      title: z.string(),
      description: z.string(),
      tags: z.array(z.string()),
      audience: z.enum(['fans', 'staff', 'both']),
      is_popup: z.boolean(),
      is_read: z.boolean(),
      created: z.string(),
      updated: z.string(),
    })),
  },
  'POST /api/user-help/list/notifications': {
    200: answer(z.object({
      isChangeUnreadToAll: z.boolean(),
      rows: z.array(z.object({
        description: z.string(),
        _id: z.string(),
        title: z.string(),
        tags: z.array(z.string()),
        audience: z.enum(['fans', 'staff', 'both']),
        is_popup: z.boolean(),
        is_read: z.boolean(),
        created: z.string(),
        updated: z.string(),
      })),
      total: z.number(),
      currentPage: z.number(),
      totalPages: z.number(),
      unreadCount: z.number(),
      helpTagsData: z.array(z.object({ name: z.string(), count: z.number() })),
    })),
  },
  'POST /api/help/list/notifications': {
    200: answer(z.object({
      isChangeUnreadToAll: z.boolean(),
      rows: z.array(z.object({
        description: z.string(),
        _id: z.string(),
        title: z.string(),
        tags: z.array(z.string()),
        audience: z.enum(['fans', 'staff', 'both']),
        is_popup: z.boolean(),
        is_read: z.boolean(),
        created: z.string(),
        updated: z.string(),
      })),
      total: z.number(),
      currentPage: z.number(),
      totalPages: z.number(),
      unreadCount: z.number(),
      helpTagsData: z.array(z.object({ name: z.string(), count: z.number() })),
    })),
  },
  'GET /api/settings/help-settings': {
    200: answer(z.object({ influencer_help_enabled: z.boolean() })),
  },
  'POST /api/settings/help-settings': {
    200: answer(z.object({ influencer_help_enabled: z.boolean() })),
  },
  'GET /admin-api/help-items': {
    200: z.array(z.object({
      id: z.string(),
      title: z.string().nullable(),
      html: z.string().nullable(),
      tags: z.array(z.string()),
      audience: z.string().nullable(),
      is_popup: z.boolean(),
      published: z.boolean(),
      created_at: z.string().nullable(),
      updated_at: z.string().nullable(),
    })),
  },
  'GET /admin-api/help-items/:id': {
    200: z.object({
      id: z.string(),
      title: z.string().nullable(),
      html: z.string().nullable(),
      tags: z.array(z.string()),
      audience: z.string().nullable(),
      is_popup: z.boolean(),
      published: z.boolean(),
      created_at: z.string().nullable(),
      updated_at: z.string().nullable(),
    }),
  },
  'POST /admin-api/help-items': {
    200: z.object({
      id: z.string(),
      title: z.string().nullable(),
      html: z.string().nullable(),
      tags: z.array(z.string()),
      audience: z.string().nullable(),
      is_popup: z.boolean(),
      published: z.boolean(),
      created_at: z.string().nullable(),
      updated_at: z.string().nullable(),
    }).nullable(),
  },
  'PUT /admin-api/help-items/:id': {
    200: z.object({
      id: z.string(),
      title: z.string().nullable(),
      html: z.string().nullable(),
      tags: z.array(z.string()),
      audience: z.string().nullable(),
      is_popup: z.boolean(),
      published: z.boolean(),
      created_at: z.string().nullable(),
      updated_at: z.string().nullable(),
    }).nullable(),
  },
  'DELETE /admin-api/help-items/:id': {
    200: z.object({ id: z.string() }),
  },
};
