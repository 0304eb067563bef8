// How long a post's SEO texts may be: search engines cut a title at about 60 characters and a
// description at about 160 (the counters recommend these); the hard limits refuse only what
// would surely be cut off or pasted by mistake.

export const META_TITLE_RECOMMENDED = 60;
export const META_TITLE_MAX = 70;
export const META_DESCRIPTION_RECOMMENDED = 160;
export const META_DESCRIPTION_MAX = 200;
