// The stylesheet belongs to the entry: the build writes it as a <link> in the page's head.
import 'shared-ui/styles.css';

// The async boundary lets Module Federation negotiate the shared singletons before React loads.
void import('./bootstrap.js');
