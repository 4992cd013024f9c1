// The post card and its favourite button, shared by the feed, favourites and the listing page.
export { PostCard, type PostCardProps } from './post-card';
export { mediaPicture } from './picture';
export { FavouriteButton, useToggleFavourite } from './favourite-button';
export { useMinuteClock } from './now';
export { postCardMessages } from './messages';
