// The see-through dark style of the controls laid over the live video (the same as the shared comment box's).
export { glass } from '../../../web-shared/live/LiveCommentBox';
