// Page-wide behaviour that needs no React (kept tiny: it loads on every page): header scroll
// state, anchor navigation, reveal animations and the copyright year.
import { initAnchorNavigation } from './anchor-navigation';
import { showCurrentYear } from './current-year';
import { initHeaderScroll } from './header-scroll';
import { initReveal } from './reveal';

initHeaderScroll();
initAnchorNavigation();
initReveal();
showCurrentYear();
