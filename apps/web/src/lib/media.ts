/** An image the service links to by path (/media/...) is fetched through the console; full URLs as they are. */
export { consoleMediaUrl as mediaUrl } from '@console/contract';
