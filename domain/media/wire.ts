// Wire shapes of media items and the Content Manager's media library, shared by the server and the console.

export type MediaKind = 'photo' | 'video';

export interface AdminMediaRecord {
  id: string;
  kind: MediaKind;
  file_name: string;
  content_type: string;
  /** Bytes. The media library (POST /api/media/get) sends it to admin and super_admin only. */
  size?: number;
  width: number;
  height: number;
  url: string;
  thumbnail_url: string;
  blur_url: string;
  status: 'processing' | 'ready' | 'error';
  created_at: string;
}

// ---- Content Manager: the media library ----------------------------------------------------------------
// Categories: GET /api/media/category → data: MediaCategoryRecord[] ('All Media' and 'Preview' first, reserved).
//   POST /api/media/category { name } · POST /api/media/category/update { id, name } · /delete { id }
//   → data: { categories: MediaCategoryRecord[], category?: MediaCategoryRecord } (create/update name it).
// Media: POST /api/media/get (MediaLibraryQuery) → data: MediaLibraryPage.
//   POST /api/media/add-media-from-category { category_id, media_ids } → data: { categories, added: ids newly in }
//   POST /api/media/remove-media-from-category { category_id, media_ids } → data: { categories }
//   POST /api/media/remove-media { mediaIds } → data: { removed: string[] }; media a live post uses: 400.

/** A library item: the console's media record with the categories it sits in. */
export interface LibraryMediaRecord extends AdminMediaRecord {
  category_ids: string[];
  /** Videos: seconds (null until processed). */
  video_duration: number | null;
}

export interface MediaCategoryRecord {
  /** A uuid, or 'all-media' / 'preview' for the two reserved categories. */
  id: string;
  name: string;
  /** Lower-cased name; the reserved ones are 'all media' and 'preview'. */
  slug: string;
  reserved: boolean;
  photo_count: number;
  video_count: number;
  processed_photo_count: number;
  processed_video_count: number;
}

export type MediaLibraryType = 'all' | 'photo' | 'video';

/** POST /api/media/get body. */
export interface MediaLibraryQuery {
  /** 1-based; default 1. Pages hold 30 items, newest first. */
  page?: number;
  type?: MediaLibraryType;
  /** null, absent or 'all-media': the whole library; 'preview': media used as a post's preview. */
  category_id?: string | null;
  /** Part of the file name, case-insensitive. */
  search?: string;
}

export interface MediaLibraryPage {
  media: LibraryMediaRecord[];
  currentPage: number;
  totalPages: number;
  /** In the category (and search), whatever `type` is. */
  counts: { photo: number; video: number; total: number };
}

// ---- Multipart uploads (POST /api/upload/upload_file, /upload_gallery_file) -------------------------------
// The form's file parts go into the same library as a presigned upload registered by POST /api/media.

/** One uploaded file: upload_file's `data`, and each item of upload_gallery_file's `data.data`. */
export interface UploadedFile {
  /** The media id, to attach to a post (POST /api/blogs `media_ids`). */
  _id: string;
  kind: MediaKind;
  file_name: string;
  /** A signed, expiring link to the web original; null while the media worker still renders it (videos). */
  Location: string | null;
  /** The uploaded file's size in bytes. */
  fileSize: number;
  /** The blurred preview (public); null until rendered. */
  blurLocation: string | null;
  status: 'processing' | 'ready' | 'error';
}

/** upload_gallery_file's `data`: how many files were uploaded, and each of them in the order sent. */
export interface UploadedGallery {
  uploaded: number;
  data: UploadedFile[];
}
