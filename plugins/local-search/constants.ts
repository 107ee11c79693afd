/** Credentials the local search client presents; nothing checks them, no host is contacted. */
export const LOCAL_APP_ID = 'LOCALSEARCH';
export const LOCAL_API_KEY = 'local-index';
