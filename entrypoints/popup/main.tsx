// Toolbar popup entry: its styles inline (no stylesheet request before the first paint), then the popup, connected first.
import { mountPage } from '../../ui/connection/mount-page';
import { Popup } from './popup';
import themeCss from '../../ui/theme.css?inline';
import timelineCss from '../../ui/timeline.css?inline';
import popupCss from './popup.css?inline';

const style = document.createElement('style');
style.textContent = themeCss + timelineCss + popupCss;
document.head.append(style);

mountPage(<Popup />);
