// Page-wide behaviour that needs no React (kept tiny: it loads on every page): header scroll
// state, anchor navigation, links that choose a form option, reveal animations, the copyright year
// and the message for an island that could not load.
import { initAnchorNavigation } from './anchor-navigation';
import { initChooseOnClick } from './choose-on-click';
import { showCurrentYear } from './current-year';
import { initHeaderScroll } from './header-scroll';
import { initIslandFailureNotice } from './island-failure';
import { initReveal } from './reveal';

initHeaderScroll();
initAnchorNavigation();
initChooseOnClick();
initReveal();
showCurrentYear();
initIslandFailureNotice();
