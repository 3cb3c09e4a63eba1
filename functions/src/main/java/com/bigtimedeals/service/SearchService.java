package com.bigtimedeals.service;

import java.util.List;

import com.bigtimedeals.deals.Deal;
import com.bigtimedeals.deals.WordIndex;
import com.bigtimedeals.inbox.Alert;
import com.bigtimedeals.inbox.AlertStore;
import com.bigtimedeals.inbox.NewAlert;
import com.bigtimedeals.platform.Page;
import com.bigtimedeals.platform.Table;
import com.bigtimedeals.platform.Words;

/** Search and deal alerts: a search asks the word index once, an alert asks it for every new deal. */
public final class SearchService {
    private final WordIndex words;
    private final AlertStore alerts;

    public SearchService(WordIndex words, AlertStore alerts) {
        this.words = words;
        this.alerts = alerts;
    }

    public static SearchService of(Table table) {
        return new SearchService(new WordIndex(table), new AlertStore(table));
    }

    /** {@code q}: the contract's words ({@link Words#parse}); a page of at most 3 requests. */
    public Page<Deal> search(String q, int limit, String cursor) {
        return words.search(Words.parse("q", q), limit, cursor);
    }

    public Alert createAlert(String username, NewAlert draft) {
        return alerts.create(username, draft);
    }

    public List<Alert> alerts(String username) {
        return alerts.list(username);
    }

    public void deleteAlert(String username, String alertId) {
        alerts.delete(username, alertId);
    }
}
