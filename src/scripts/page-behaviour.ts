// Page-wide behaviour that needs no React: header state, anchor navigation, reveal animations.
export {};
