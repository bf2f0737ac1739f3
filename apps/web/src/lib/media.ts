/** An image the service links to by path (/media/...) is fetched through the console; full URLs as they are. */
export const mediaUrl = (src: string) => (src.startsWith('/media/') ? `/api${src}` : src);
