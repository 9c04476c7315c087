// The see-through dark style of the controls laid over the live video.
export const glass = { bgcolor: 'rgba(0,0,0,0.45)', color: '#fff', backdropFilter: 'blur(6px)', '&:hover': { bgcolor: 'rgba(0,0,0,0.6)' } } as const;
