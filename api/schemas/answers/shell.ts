// The success answers of api/routes/shell.ts's routes, for the OpenAPI document (api/openapi-operations.ts).
import { z } from 'zod';
import { answer } from '../../openapi-envelopes';
import type { RouteAnswers } from './types';
import { linksMenu } from './shapes';

export const shellAnswers: RouteAnswers = {
  'GET /api/pages/get_html': {
    200: answer(z.object({ slug: z.string(), title: z.string(), html: z.string() })),
  },
  'GET /admin-api/content-pages': {
    200: z.array(z.object({
      slug: z.string(),
      built_in: z.boolean(),
      editor: z.string().nullable(),
      is_default: z.boolean(),
      title: z.string(),
      html: z.string(),
      show_in_footer: z.boolean(),
      published: z.boolean(),
      updated_at: z.string(),
      id: z.string(),
    })),
  },
  'GET /admin-api/content-pages/:id': {
    200: z.object({
      slug: z.string(),
      built_in: z.boolean(),
      editor: z.string().nullable(),
      is_default: z.boolean(),
      title: z.string(),
      html: z.string(),
      show_in_footer: z.boolean(),
      published: z.boolean(),
      updated_at: z.string(),
      id: z.string(),
      version: z.number(),
    }),
  },
  'PUT /admin-api/content-pages/:id': {
    200: z.object({
      version: z.number(),
      slug: z.string(),
      built_in: z.boolean(),
      editor: z.string().nullable(),
      is_default: z.boolean(),
      title: z.string(),
      html: z.string(),
      show_in_footer: z.boolean(),
      published: z.boolean(),
      updated_at: z.string(),
      id: z.string(),
    }),
  },
  'POST /admin-api/content-pages': {
    201: z.object({
      version: z.number(),
      slug: z.string(),
      built_in: z.boolean(),
      editor: z.string().nullable(),
      is_default: z.boolean(),
      title: z.string(),
      html: z.string(),
      show_in_footer: z.boolean(),
      published: z.boolean(),
      updated_at: z.string(),
      id: z.string(),
    }),
  },
  'DELETE /admin-api/content-pages/:id': {
    200: z.union([
      z.object({
        slug: z.string(),
        built_in: z.boolean(),
        editor: z.string().nullable(),
        is_default: z.boolean(),
        title: z.string(),
        html: z.string(),
        show_in_footer: z.boolean(),
        published: z.boolean(),
        updated_at: z.string(),
        id: z.string(),
      }),
      z.object({ id: z.string() }),
    ]),
  },
  'GET /api/get-announcement-banner-settings': {
    200: answer(z.union([
      z.object({
        version: z.number(),
        announcement_banner_revision: z.number(),
        font_sizes: z.tuple([z.string(), z.string(), z.string(), z.string()]),
        is_announcement_banner_enabled_for_subscribers: z.boolean(),
        is_announcement_banner_enabled_for_non_subscribers: z.boolean(),
        subscriber_announcement_banner_text: z.string(),
        non_subscriber_announcement_banner_text: z.string(),
        ribbon_background_color: z.string(),
        ribbon_padding_top: z.number(),
        ribbon_padding_bottom: z.number(),
        promo_text_color: z.string(),
        promo_text_font_size: z.string(),
        promo_text_font: z.string(),
        ribbon_animation: z.enum(['none', 'fade', 'slide', 'pulse', 'marquee']),
        animation_delay: z.number(),
        animation_duration: z.number(),
      }),
      z.object({
        font_sizes: z.tuple([z.string(), z.string(), z.string(), z.string()]),
        version: z.number(),
        is_announcement_banner_enabled_for_subscribers: z.boolean(),
        is_announcement_banner_enabled_for_non_subscribers: z.boolean(),
        subscriber_announcement_banner_text: z.string(),
        non_subscriber_announcement_banner_text: z.string(),
        ribbon_background_color: z.string(),
        ribbon_padding_top: z.number(),
        ribbon_padding_bottom: z.number(),
        promo_text_color: z.string(),
        promo_text_font_size: z.string(),
        promo_text_font: z.string(),
        ribbon_animation: z.enum(['none', 'fade', 'slide', 'pulse', 'marquee']),
        animation_delay: z.number(),
        animation_duration: z.number(),
        announcement_banner_revision: z.number(),
      }),
    ])),
  },
  'POST /api/save-announcement-banner-settings': {
    200: answer(z.object({
      version: z.number(),
      announcement_banner_revision: z.number(),
      font_sizes: z.tuple([z.string(), z.string(), z.string(), z.string()]),
      is_announcement_banner_enabled_for_subscribers: z.boolean(),
      is_announcement_banner_enabled_for_non_subscribers: z.boolean(),
      subscriber_announcement_banner_text: z.string(),
      non_subscriber_announcement_banner_text: z.string(),
      ribbon_background_color: z.string(),
      ribbon_padding_top: z.number(),
      ribbon_padding_bottom: z.number(),
      promo_text_color: z.string(),
      promo_text_font_size: z.string(),
      promo_text_font: z.string(),
      ribbon_animation: z.enum(['none', 'fade', 'slide', 'pulse', 'marquee']),
      animation_delay: z.number(),
      animation_duration: z.number(),
    })),
  },
  'GET /api/custom-menu/get': {
    200: answer(z.object({
      links: z.array(z.object({
        _id: z.string(),
        name: z.string(),
        url: z.string(),
        open_in_new_tab: z.boolean(),
        status: z.boolean(),
        audiences: z.array(z.enum(['guest', 'user', 'subscriber', 'admin', 'super_admin'])),
        position: z.number(),
      })),
    })),
  },
  'GET /api/custom-menu/all/get': {
    200: answer(z.object({
      links: z.array(z.object({
        _id: z.string(),
        name: z.string(),
        url: z.string(),
        open_in_new_tab: z.boolean(),
        status: z.boolean(),
        audiences: z.array(z.enum(['guest', 'user', 'subscriber', 'admin', 'super_admin'])),
        position: z.number(),
      })),
      version: z.number(),
    })),
  },
  'POST /api/custom-menu/save': {
    200: answer(z.object({
      link: z.object({
        _id: z.string(),
        name: z.string(),
        url: z.string(),
        open_in_new_tab: z.boolean(),
        status: z.boolean(),
        audiences: z.array(z.enum(['guest', 'user', 'subscriber', 'admin', 'super_admin'])),
        position: z.number(),
      }),
    })),
  },
  'POST /api/custom-menu/status/update': {
    200: answer(z.null()),
  },
  'POST /api/custom-menu/delete': {
    200: answer(z.null()),
  },
  'GET /api/settings/navbar': {
    200: answer(z.object({
      feed_navbar_name: z.string(),
      membership_navbar_name: z.string(),
      tips_navbar_name: z.string(),
      gallery_navbar_name: z.string(),
      log_in_navbar_name: z.string(),
      sign_up_navbar_name: z.string(),
      navbar_padding: z.number(),
    })),
  },
  'POST /api/settings/navbar': {
    200: answer(z.object({
      feed_navbar_name: z.string(),
      membership_navbar_name: z.string(),
      tips_navbar_name: z.string(),
      gallery_navbar_name: z.string(),
      log_in_navbar_name: z.string(),
      sign_up_navbar_name: z.string(),
      navbar_padding: z.number(),
    })),
  },
  'GET /api/settings/miscellaneous-pop-up': {
    200: answer(z.object({
      enabled: z.boolean(),
      title: z.string(),
      html: z.string(),
      audience: z.enum(['everyone', 'guests', 'fans', 'members', 'non_members']),
      revision: z.number(),
    })),
  },
  'POST /api/settings/miscellaneous-pop-up': {
    200: answer(z.object({
      enabled: z.boolean(),
      title: z.string(),
      html: z.string(),
      audience: z.enum(['everyone', 'guests', 'fans', 'members', 'non_members']),
      revision: z.number(),
    })),
  },
  'GET /api/settings/menu-settings': {
    200: answer(z.object({ links_menu: linksMenu })),
  },
  'POST /api/settings/menu-settings': {
    200: answer(z.object({ links_menu: linksMenu })),
  },
  'GET /api/settings/links-page-settings': {
    200: answer(z.object({ links_page_title: z.string(), links_page_description: z.string() })),
  },
  'POST /api/settings/links-page-settings': {
    200: answer(z.object({ links_page_title: z.string(), links_page_description: z.string() })),
  },
};
