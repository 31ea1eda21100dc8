// The async boundary lets Module Federation negotiate the shared singletons before React loads.
void import('./bootstrap.js');
