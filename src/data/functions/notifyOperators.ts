/**
 * The page's operator notifications: operatorsChannel.ts with the app's Supabase client, so
 * they are sent as the signed-in user.
 */
import { supabase } from '../supabase/client.ts';
import { operatorsChannel } from './operatorsChannel.ts';

export const { notifyOperators, notifyNewUser, reportNotionErrorAnswer } = operatorsChannel(supabase.functions);
