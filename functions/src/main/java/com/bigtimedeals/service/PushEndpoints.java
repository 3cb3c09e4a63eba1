package com.bigtimedeals.service;

import com.bigtimedeals.domain.Device;

/**
 * The push service's platform endpoints, as the devices routes use them: one made for a device's token when it is
 * registered, deleted when the device goes. The deployed and local stacks' implementation is SNS's API.
 */
public interface PushEndpoints {
    /** The endpoint's ARN for the device's token: the same ARN again for a token that already has one. */
    String create(Device device);

    /** Deletes an endpoint; one already gone is no error. */
    void delete(String endpointArn);

    /** What the push service said of one push. */
    enum Outcome {
        /** Handed to the platform. */
        SENT,
        /** The device is no longer registered (FCM UNREGISTERED, APNs 410: the endpoint disabled). */
        GONE
    }

    /** One push to the device's endpoint: title, body and data, with a collapse key per deal. */
    default Outcome publish(Device device, String title, String body, java.util.Map<String, String> data, String collapseKey) {
        throw new UnsupportedOperationException("this push service sends nothing");
    }
}
