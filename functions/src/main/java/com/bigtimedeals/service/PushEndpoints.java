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
}
