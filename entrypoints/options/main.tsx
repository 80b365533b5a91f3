// Options page entry: connects to the background first, then mounts the options UI with the real background client.
import '../../shared/core/zod-jitless';
import { mountPage } from '../../ui/connection/mount-page';
import { OptionsPage } from './options-page';
import '../../ui/theme.css';
import './options.css';

mountPage(<OptionsPage />);
